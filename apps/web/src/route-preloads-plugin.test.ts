import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageModulesOf, preloadTags } from '../route-preloads-plugin.ts';
import { PAGE_ROUTES } from './app/route-table';

const routeTable = fs.readFileSync(path.join(import.meta.dirname, 'app/route-table.tsx'), 'utf8');

describe("each page's own HTML (route-preloads-plugin.ts)", () => {
  it('reads the module of every page of the route table, through its named loader or its own import', () => {
    const modules = pageModulesOf(routeTable);
    expect([...modules.keys()].sort()).toEqual(PAGE_ROUTES.map((route) => route.path).sort());
    expect(modules.get('login-v2')).toBe('@/features/auth/routes/login-page');
    expect(modules.get('corporation-portal/setting')).toBe('@/features/security/routes/security-centre-page');
    expect(modules.get('result-webview')).toBe('@/features/orders/routes/result-page');
  });

  it('leaves out a page whose loader it cannot read', () => {
    const modules = pageModulesOf(
      `const a = () => import('@/x');\n  { path: 'one', load: () => named(a(), (m) => m.One) },\n  { path: 'two', load: () => somethingElse() },\n`,
    );
    expect([...modules]).toEqual([['one', '@/x']]);
  });

  it('names styles first, then the chunks, as link tags', () => {
    expect(preloadTags(['/assets/a.js'], ['/assets/b.css'])).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/b.css">\n    <link rel="modulepreload" crossorigin href="/assets/a.js">',
    );
  });
});
