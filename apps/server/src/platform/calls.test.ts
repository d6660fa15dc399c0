import { API_BASE, defineCall, ok } from '@causeway/contracts';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CallerRegistry, enforceCallerKinds, registerCall } from './calls.ts';

const echo = defineCall({
  method: 'POST',
  path: '/test/echo',
  caller: 'individual',
  tags: ['test'],
  summary: 'Echoes the name',
  headers: null,
  body: z.object({ name: z.string() }),
  result: z.object({ name: z.string() }),
});

/** Lets a request through when it carries `token: good`; otherwise refuses it as the session guard does. */
const sessionGuard = async (request: FastifyRequest) => {
  if (request.headers.token !== 'good') throw Object.assign(new Error('no session'), { statusCode: 401 });
};

let app: FastifyInstance;
let callers: CallerRegistry;

function bareApp() {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  callers = enforceCallerKinds(app);
  return app;
}
afterEach(() => app.close());

describe('every route names its caller kind', () => {
  it('refuses to register a route without one, naming the route', () => {
    bareApp();
    expect(() => app.get(`${API_BASE}/test/open`, async () => 'hello')).toThrow(/GET \/prod-api\/test\/open names no caller kind/);
    expect(() => app.get('/some-page', async () => 'hello')).toThrow(/names no caller kind/);
  });

  it('refuses a kind it does not know', () => {
    bareApp();
    expect(() => app.get('/page', { config: { caller: 'anyone' as never } }, async () => 'hello')).toThrow(/unknown caller kind anyone/);
  });

  it("lets only the framework's routes go without one: the OpenAPI pages and the built web app's files", async () => {
    bareApp();
    app.get(`${API_BASE}/docs/json`, async () => ({}));
    app.get('/assets/app.js', { config: { rootPath: '/dist' } as never }, async () => '');
    app.get('/legal', { config: { caller: 'public' } }, async () => 'terms');
    await app.ready();
    expect(callers.routes.filter((route) => route.method === 'GET')).toEqual([
      { method: 'GET', url: `${API_BASE}/docs/json`, caller: undefined },
      { method: 'GET', url: '/assets/app.js', caller: undefined },
      { method: 'GET', url: '/legal', caller: 'public' },
    ]);
  });

  it('refuses a session route registered before the session guards exist', () => {
    bareApp();
    expect(() => registerCall(app, echo, async (request) => ok({ name: request.body.name }))).toThrow(/before the individual guard/);
  });
});

describe('registerCall', () => {
  it('builds the route from the definition, behind its guard, which runs before the body is read', async () => {
    bareApp();
    callers.provideGuards({ individual: sessionGuard, business: sessionGuard });
    let handled = 0;
    registerCall(app, echo, async (request) => {
      handled += 1;
      return ok({ name: request.body.name });
    });
    await app.ready();

    const anonymous = await app.inject({
      method: 'POST',
      url: `${API_BASE}/test/echo`,
      payload: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    const badBody = await app.inject({ method: 'POST', url: `${API_BASE}/test/echo`, payload: { name: 1 }, headers: { token: 'good' } });
    expect(badBody.statusCode).toBe(400);
    expect(handled).toBe(0);

    const answer = await app.inject({ method: 'POST', url: `${API_BASE}/test/echo`, payload: { name: 'Ada' }, headers: { token: 'good' } });
    expect(answer.json()).toEqual({ status: 200, code: '000000', msg: '', data: { name: 'Ada' } });
    expect(callers.routes).toContainEqual({ method: 'POST', url: `${API_BASE}/test/echo`, caller: 'individual' });
  });

  it('guards the HEAD route of a GET as well', async () => {
    bareApp();
    callers.provideGuards({ individual: sessionGuard, business: sessionGuard });
    registerCall(app, defineCall({ ...echo, method: 'GET', path: '/test/read', body: undefined, result: z.null() }), async () => ok(null));
    await app.ready();
    expect((await app.inject({ method: 'HEAD', url: `${API_BASE}/test/read` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'HEAD', url: `${API_BASE}/test/read`, headers: { token: 'good' } })).statusCode).toBe(200);
  });
});
