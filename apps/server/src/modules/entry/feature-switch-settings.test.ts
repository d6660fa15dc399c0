import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * docs/rules/entities.md "Reference data": the feature switches are data an operator turns through the entry
 * module's face; feature-switch/query reads them on every call (nothing cached), on every process.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const switches = () => t.app.faces.get('entry').switches;
const OPERATOR = 'opr_switch_admin';
const WITHDRAW_1025 = { clientType: 'Web', entry: 'indepdentMain', label: 'withdraw', minVersion: 1025 };

const answered = async (version: number, entry = 'indepdentMain') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/prod-api/capi/v1/common/feature-switch/query?clientType=Web&entry=${entry}&version=${version}`,
  });
  return Object.fromEntries((response.json().data as Array<{ label: string; enable: boolean }>).map((item) => [item.label, item.enable]));
};

describe('feature switches as data', () => {
  it('lists every switch as seeded', async () => {
    const listing = await switches().listFeatureSwitches();
    expect(listing).toContainEqual({ ...WITHDRAW_1025, enable: true, updatedAt: null, updatedBy: null });
    expect(listing).toContainEqual({ ...WITHDRAW_1025, minVersion: 0, enable: false, updatedAt: null, updatedBy: null });
  });

  it('an operator turns withdraw off and the next query says so; on again, it is offered again', async () => {
    expect((await answered(1025)).withdraw).toBe(true);
    try {
      const change = await switches().setFeatureSwitch(OPERATOR, { ...WITHDRAW_1025, enable: false });
      expect(change).toEqual({
        setting: 'switches.Web.indepdentMain.withdraw.1025',
        actor: OPERATOR,
        before: { ...WITHDRAW_1025, enable: true },
        after: { ...WITHDRAW_1025, enable: false },
      });
      expect(await answered(1025)).toEqual({ buy: true, deposit: true, withdraw: false });
      // Another entry's switches are its own.
      expect((await answered(1025, 'main')).withdraw).toBe(true);
    } finally {
      await switches().setFeatureSwitch(OPERATOR, { ...WITHDRAW_1025, enable: true });
    }
    expect((await answered(1025)).withdraw).toBe(true);
  });

  it('a switch for a newer version is made, decides from that version on, and removed gives way to the older one', async () => {
    const buyFrom2000 = { clientType: 'Web', entry: 'indepdentMain', label: 'buy', minVersion: 2000 };
    const made = await switches().setFeatureSwitch(OPERATOR, { ...buyFrom2000, enable: false });
    expect(made).toMatchObject({ before: null, after: { ...buyFrom2000, enable: false } });
    expect((await answered(1999)).buy).toBe(true);
    expect((await answered(2000)).buy).toBe(false);
    const removed = await switches().removeFeatureSwitch(OPERATOR, buyFrom2000);
    expect(removed).toMatchObject({ before: { ...buyFrom2000, enable: false }, after: null });
    expect((await answered(2000)).buy).toBe(true);
  });

  it('refuses bad input with a code naming the field, and changes nothing', async () => {
    const listed = await switches().listFeatureSwitches();
    const invalid = (field: string) => ({ errorName: 'SettingValueInvalid', httpStatus: 400, message: expect.stringContaining(field) });
    const set =
      (input: object, actor = OPERATOR) =>
      () =>
        switches().setFeatureSwitch(actor, input as typeof WITHDRAW_1025 & { enable: boolean });
    const refusals: Array<[() => Promise<unknown>, object]> = [
      [set({ ...WITHDRAW_1025, enable: 'false' }), invalid('enable')],
      [set({ ...WITHDRAW_1025, label: 'sell', enable: false }), invalid('label')],
      [set({ ...WITHDRAW_1025, clientType: 'Fax', enable: false }), invalid('clientType')],
      [set({ ...WITHDRAW_1025, entry: 'main<script>', enable: false }), invalid('entry')],
      [set({ ...WITHDRAW_1025, minVersion: -1, enable: false }), invalid('minVersion')],
      [set({ ...WITHDRAW_1025, minVersion: '1025', enable: false }), invalid('minVersion')],
      [set({ ...WITHDRAW_1025, enable: false, colour: 'red' }), invalid('colour')],
      [set({ ...WITHDRAW_1025, enable: false }, ''), invalid('actor')],
      [
        () => switches().removeFeatureSwitch(OPERATOR, { ...WITHDRAW_1025, minVersion: 3 }),
        { errorName: 'SettingNotFound', httpStatus: 404 },
      ],
    ];
    for (const [attempt, refusal] of refusals) await expect(attempt()).rejects.toMatchObject(refusal);
    expect(await switches().listFeatureSwitches()).toEqual(listed);
    expect((await answered(1025)).withdraw).toBe(true);
  });
});
