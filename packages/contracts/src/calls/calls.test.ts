import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../paths.ts';
import { CALL_ROUTES, CALLER_KINDS, CALLS, callOfPath, callRoutesSource } from './index.ts';

describe('the call definitions', () => {
  it("define every path of PATHS once, under its own name (the docs page is the server's, not a call)", () => {
    const { docs: _docs, ...callPaths } = PATHS;
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(callPaths).sort());
    for (const [name, call] of Object.entries(CALLS)) expect(call.path, name).toBe(PATHS[name as keyof typeof PATHS]);
  });

  it('name a known caller kind each, and a body only on a POST, a query only on a GET', () => {
    for (const [name, call] of Object.entries(CALLS)) {
      expect(CALLER_KINDS, name).toContain(call.caller);
      if (call.method === 'GET') expect('body' in call, name).toBe(false);
      else expect('query' in call, name).toBe(false);
    }
  });

  it('are found by their path', () => {
    expect(callOfPath(PATHS.listCard)).toBe(CALLS.listCard);
    expect(callOfPath('/capi/v1/nothing')).toBeUndefined();
  });

  it('have their routes (what the web calls, without schemas) written out as generated: run `npm run generate:call-routes` when this fails', () => {
    const written = fs.readFileSync(new URL('./routes.generated.ts', import.meta.url), 'utf8');
    expect(written).toBe(callRoutesSource(CALLS));
    for (const [name, call] of Object.entries(CALLS)) {
      const route = CALL_ROUTES[name as keyof typeof CALL_ROUTES];
      expect({ method: route.method, path: route.path, multipart: route.multipart ?? false }, name).toEqual({
        method: call.method,
        path: call.path,
        multipart: ('multipart' in call && call.multipart) || false,
      });
    }
  });
});
