import { describe, expect, it } from 'vitest';
import { checkImports, parseImports } from './check-imports.ts';

const check = (files: Record<string, string>) => checkImports(new Map(Object.entries(files)));

describe('parseImports', () => {
  it('finds imports, re-exports, dynamic imports and type-only imports, not comments', () => {
    const source = `import a from './a';\nimport type { B } from "./b";\nexport * from './c.ts';\nconst d = () => import('./d');\n// import x from './x';\nimport './side-effect';`;
    expect(parseImports(source)).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: './b', typeOnly: true },
      { specifier: './c.ts', typeOnly: false },
      { specifier: './d', typeOnly: false },
      { specifier: './side-effect', typeOnly: false },
    ]);
  });
});

describe('checkImports', () => {
  it('refuses a feature importing another feature, through a relative path or the @ alias', () => {
    const problems = check({
      'apps/web/src/features/a/x.ts': "import { y } from '../b/y';\nimport { z } from '@/features/b/y';",
      'apps/web/src/features/b/y.ts': 'export const y = 1;',
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('a feature never imports another feature');
  });

  it('allows a feature its own files, lib and ui', () => {
    expect(
      check({
        'apps/web/src/features/a/x.ts': "import { y } from './y';\nimport { u } from '@/ui';\nimport { l } from '@/lib/l';",
        'apps/web/src/features/a/y.ts': '',
        'apps/web/src/ui/index.ts': '',
        'apps/web/src/lib/l.ts': '',
      }),
    ).toEqual([]);
  });

  it('allows features and the app shell shared/, which may use ui and lib; refuses ui and lib importing shared/', () => {
    expect(
      check({
        'apps/web/src/features/a/x.ts': "import { d } from '@/shared/auth/d';",
        'apps/web/src/app/app.ts': "import { d } from '@/shared/auth/d';",
        'apps/web/src/shared/auth/d.ts': "import { u } from '@/ui';\nimport { l } from '@/lib/l';",
        'apps/web/src/ui/index.ts': '',
        'apps/web/src/lib/l.ts': '',
      }),
    ).toEqual([]);
    const problems = check({
      'apps/web/src/ui/w.ts': "import { d } from '@/shared/auth/d';",
      'apps/web/src/lib/l.ts': "import { d } from '../shared/auth/d';",
      'apps/web/src/shared/auth/d.ts': "import { f } from '@/features/a/f';",
      'apps/web/src/features/a/f.ts': '',
    });
    expect(problems).toEqual([
      "apps/web/src/ui/w.ts: imports '@/shared/auth/d': ui/ (presentation) and lib/ (plain logic) never import shared/, which builds on them",
      "apps/web/src/lib/l.ts: imports '../shared/auth/d': ui/ (presentation) and lib/ (plain logic) never import shared/, which builds on them",
      "apps/web/src/shared/auth/d.ts: imports '@/features/a/f': ui/, lib/ and shared/ are shared: they import no feature or app code",
    ]);
  });

  it('refuses ORM imports outside repositories and db/, but not in tests', () => {
    const problems = check({
      'apps/server/src/modules/m/m.service.ts': "import { eq } from 'drizzle-orm';",
      'apps/server/src/modules/m/m.repository.ts': "import { eq } from 'drizzle-orm';",
      'apps/server/src/db/client.ts': "import pg from 'pg';",
      'apps/server/src/modules/m/m.test.ts': "import { sql } from 'drizzle-orm';",
    });
    expect(problems).toEqual([
      "apps/server/src/modules/m/m.service.ts: imports 'drizzle-orm': only repositories (*.repository.ts), db/ and the demo data (demo/) touch the ORM",
    ]);
  });

  it("refuses a module reaching into another module's files, and the layers below the modules importing any", () => {
    const problems = check({
      'apps/server/src/modules/a/a.service.ts': "import { b } from '../b/b.service.ts';\nimport { c } from '../b/index.ts';",
      'apps/server/src/modules/a/a.test.ts': "import { b } from '../b/b.service.ts';",
      'apps/server/src/modules/b/b.service.ts': '',
      'apps/server/src/modules/b/index.ts': "export { b } from './b.service.ts';",
      'apps/server/src/providers/p/p.ts': "import { c } from '../../modules/b/index.ts';",
    });
    expect(problems).toEqual([
      "apps/server/src/modules/a/a.service.ts: imports '../b/b.service.ts': a module uses another module only through its public face, modules/<module>/index.ts",
      "apps/server/src/providers/p/p.ts: imports '../../modules/b/index.ts': providers/, db/, platform/ and jobs/ sit below the modules: they import no module",
    ]);
  });

  it("refuses a module's face exporting a repository, and allows it services and plain types", () => {
    const problems = check({
      'apps/server/src/modules/b/b.repository.ts': '',
      'apps/server/src/modules/b/b.service.ts': '',
      'apps/server/src/modules/b/index.ts':
        "export { type BRepository } from './b.repository.ts';\nexport { type BService } from './b.service.ts';",
    });
    expect(problems).toEqual([
      "apps/server/src/modules/b/index.ts: imports './b.repository.ts': a module's face exports services and plain data types, never a repository (its rows stay inside the module)",
    ]);
  });

  it('refuses the browser importing server code and packages importing apps', () => {
    expect(check({ 'apps/web/src/lib/x.ts': "import '../../../server/src/app';", 'apps/server/src/app.ts': '' })).toHaveLength(1);
    expect(check({ 'packages/contracts/src/x.ts': "import '../../../apps/server/src/app';", 'apps/server/src/app.ts': '' })).toHaveLength(
      1,
    );
  });

  it('finds runtime cycles and ignores type-only ones', () => {
    const cyclic = check({ 'apps/web/src/lib/a.ts': "import { b } from './b';", 'apps/web/src/lib/b.ts': "import { a } from './a.ts';" });
    expect(cyclic).toEqual(['import cycle: apps/web/src/lib/a.ts → apps/web/src/lib/b.ts']);
    expect(
      check({ 'apps/web/src/lib/a.ts': "import { b } from './b';", 'apps/web/src/lib/b.ts': "import type { A } from './a';" }),
    ).toEqual([]);
  });
});
