import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, passwordLogin, signUpWithPassword } from '../../../test/identity-helpers.ts';
import { createQueryCountingApp } from '../../../test/query-count.ts';

/**
 * The statements one password sign-in makes (issue 16: a sign-in must be bounded by its password
 * hash, not by anything around it): the account; its factor locks; the address's password checks
 * counted; the attempt reserved on the account before the hash is checked, and released once it
 * matched (docs/trust.md: counted atomically); the UK flag of the person (the UK rules, while the mode is closed to
 * the UK: docs/rules/uk-and-countries.md; the mode's switches are cached); the authenticator (a second step?); the
 * session. Lower it when a change saves one; a change that adds one must say why here.
 */
const MAX_QUERIES_PER_SIGN_IN = 8;

let counted: Awaited<ReturnType<typeof createQueryCountingApp>>;
beforeAll(async () => {
  counted = await createQueryCountingApp();
});
afterAll(() => counted.t.app.close());

describe('the queries of a password sign-in', () => {
  it(`takes at most ${MAX_QUERIES_PER_SIGN_IN}`, async () => {
    const { app } = counted.t;
    const signIn = () => passwordLogin(app, { email: 'sign-in.queries@example.com', password: GOOD_PASSWORD });
    await signUpWithPassword(app, 'sign-in.queries@example.com');
    expect((await signIn()).statusCode).toBe(200);
    let answer: Awaited<ReturnType<typeof signIn>> | undefined;
    const statements = await counted.statementsOf(async () => (answer = await signIn()));
    expect(answer?.statusCode).toBe(200);
    expect(answer?.body.code).toBe('000000');
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(MAX_QUERIES_PER_SIGN_IN);
  });
});
