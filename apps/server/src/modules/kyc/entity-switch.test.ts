import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycProfiles, userAgreements } from '../../db/schema/index.ts';
import { call, checkLoginStatus, createIdentityTestApp, type IdentityTestApp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { accountOf, newIndividual } from '../../../test/kyc-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/** A verified person whom an operator routes to the PL entity by a deadline an hour away. */
async function routedToPl(email: string) {
  const person = await newIndividual(t, email);
  await call(t.app, 'GET', PATHS.overview, { headers: tokenHeaders(person.token) });
  const deadline = new Date(t.clock.now().getTime() + 60 * 60 * 1000);
  await t.db
    .update(kycProfiles)
    .set({ kycStatus: 'Pass', routeEntity: 'PL', entitySwitchDeadline: deadline })
    .where(eq(kycProfiles.userId, person.userId));
  return { ...person, deadline };
}

describe('entity migration', () => {
  it('prechecks the move, then switches with the PL statement, recording it and rotating the session', async () => {
    const { token, userId, deadline } = await routedToPl('move.pl@example.test');
    expect((await call(t.app, 'GET', PATHS.entitySwitchPrecheck, { headers: tokenHeaders(token) })).body.data).toEqual({
      canSwitch: true,
      currentEntity: 'LI',
      targetEntity: 'PL',
      deadline: deadline.toISOString(),
      overDeadLine: false,
      protocol: 'STATEMENT',
      version: '20241104',
    });
    const wrong = await call(t.app, 'GET', `${PATHS.entitySwitch}?entityProtocolId=STATEMENT_LI`, { headers: tokenHeaders(token) });
    expect(wrong.body.code).toBe('KYC0000003');
    const moved = await call(t.app, 'GET', `${PATHS.entitySwitch}?entityProtocolId=STATEMENT`, { headers: tokenHeaders(token) });
    expect(moved.body.data).toMatchObject({ entityTag: 'PL', token: { validTime: 3600 } });
    expect((await accountOf(t.db, userId)).entityTag).toBe('PL');
    expect((await checkLoginStatus(t.app, tokenHeaders(token))).isLogin).toBe(false);
    expect((await checkLoginStatus(t.app, tokenHeaders(moved.body.data.token.token))).isLogin).toBe(true);
    const agreements = await t.db.select().from(userAgreements).where(eq(userAgreements.userId, userId));
    // Sign-up accepted TERM and the LI statement; the move adds the PL one.
    expect(agreements.map((a) => a.protocol).sort()).toEqual(['STATEMENT', 'STATEMENT_LI', 'TERM']);
    const overview = await call(t.app, 'GET', PATHS.overview, { headers: tokenHeaders(moved.body.data.token.token) });
    expect(overview.body.data).toMatchObject({ entityTag: 'PL', kycInfo: { routeEntity: null, entitySwitchDeadline: null } });
  });

  it('remembers "later" for the banner; with nothing to move, every call refuses', async () => {
    const { token, deadline } = await routedToPl('move.later@example.test');
    expect((await call(t.app, 'POST', PATHS.routeEntityCheck, { headers: tokenHeaders(token) })).body.data).toEqual({
      hitClickedLaterCache: true,
      entitySwitchDeadline: deadline.toISOString(),
    });
    expect((await call(t.app, 'GET', PATHS.overview, { headers: tokenHeaders(token) })).body.data.kycInfo).toMatchObject({
      hitClickedLaterCache: true,
      overDeadLine: false,
    });
    const other = await newIndividual(t, 'move.none@example.test');
    expect((await call(t.app, 'GET', PATHS.entitySwitchPrecheck, { headers: tokenHeaders(other.token) })).body.data).toMatchObject({
      canSwitch: false,
      targetEntity: null,
    });
    expect((await call(t.app, 'POST', PATHS.routeEntityCheck, { headers: tokenHeaders(other.token) })).body.code).toBe('KYC0000003');
  });
});
