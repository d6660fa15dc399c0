import type { AccountOverview, KycInfo } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { kybInfo, kycInfo } from '@/test/account-overview';
import { blockedPage, gateFor, INDIVIDUAL_PAGES } from './gating';

const account = (overrides: Partial<AccountOverview> = {}, kyc: Partial<KycInfo> = {}): AccountOverview => ({
  email: 'ann@example.com',
  userType: 'Individual',
  accountStatus: 'Active',
  accountStatusReasonCode: null,
  entityTag: 'LI',
  requireDynamicQuestionnaire: false,
  ukFlag: false,
  kycInfo: kycInfo(kyc),
  kybInfo: null,
  ...overrides,
});

const at = (path: string, isRoma = false) => ({ path, isRoma });

describe('docs/rules/order-states.md gating, as a table', () => {
  it.each([
    ['KYC Pass, active', account(), at('/buy-crypto'), null],
    ...(['Initial', 'Pending', 'Resubmitting', 'Fail'] as const).map(
      (kycStatus) => [`KYC ${kycStatus}`, account({}, { kycStatus }), at('/buy-crypto'), 'account-status'] as const,
    ),
    ['KYC Pending on the PL entity', account({ entityTag: 'PL' }, { kycStatus: 'Pending' }), at('/buy-crypto'), 'account-status-entity'],
    ['KYC Initial on the Roma channel', account({}, { kycStatus: 'Initial' }), at('/buy-crypto', true), 'account-status-roma'],
    ['Terminated, even with KYC Pass', account({ accountStatus: 'Terminated' }), at('/buy-crypto'), 'account-status'],
    [
      'Blocked with a reason',
      account({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002' }),
      at('/buy-crypto'),
      'user-blocked?code=AC100002',
    ],
    ['Blocked without a reason', account({ accountStatus: 'Blocked' }), at('/buy-crypto'), 'user-blocked?code=999999'],
    [
      'Blocked as a duplicate',
      account({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100003' }),
      at('/buy-crypto'),
      'duplicate-account-detected',
    ],
    ['KYC Pass with remediation Pop', account({}, { remediationStatus: 'Pop' }), at('/buy-crypto'), 'remediation'],
    ['remediation Pop, on the remediation page', account({}, { remediationStatus: 'Pop' }), at('/remediation'), null],
    ['remediation Closed', account({}, { remediationStatus: 'Closed' }), at('/buy-crypto'), null],
    ['KYC Initial, already on account-status', account({}, { kycStatus: 'Initial' }), at('/account-status'), null],
    ['routed to PL, not deferred', account({}, { routeEntity: 'PL' }), at('/buy-crypto'), 'user-migration'],
    ['routed to PL, deferred ("later")', account({}, { routeEntity: 'PL', hitClickedLaterCache: true }), at('/buy-crypto'), null],
    [
      'routed to PL, deferred but past the deadline',
      account({}, { routeEntity: 'PL', hitClickedLaterCache: true, overDeadLine: true }),
      at('/buy-crypto'),
      'user-migration',
    ],
    ['switch flagged (silent switch)', account({}, { entitySwitch: true }), at('/settings'), 'user-migration'],
    ['routed to PL, on user-migration', account({}, { routeEntity: 'PL' }), at('/user-migration'), null],
    ['routed to PL, on history', account({}, { routeEntity: 'PL' }), at('/history'), null],
    ['routed to the entity it already has', account({ entityTag: 'PL' }, { routeEntity: 'PL' }), at('/buy-crypto'), null],
  ] as const)('%s', (_case, info, context, expected) => {
    expect(gateFor(info, context)).toBe(expected);
  });
});

describe('docs/rules/kyb.md gating of corporate accounts', () => {
  const corporate = (kybBasicStatus: 'Pass' | 'Initial' = 'Pass') =>
    account({ userType: 'Corporate', kycInfo: null, kybInfo: { ...kybInfo(), kybBasicStatus } });

  it.each([...INDIVIDUAL_PAGES].map((page) => [page]))('an individual page (%s) sends it to the portal home', (page) => {
    expect(gateFor(corporate(), at(`/${page}`))).toBe('corporation-portal/home');
    expect(gateFor(corporate('Initial'), at(`/${page}?type=buy`))).toBe('corporation-portal/home');
  });

  it('lists the pages of the rules: dashboard, trade, history, settings, wallets and bank accounts', () => {
    expect([...INDIVIDUAL_PAGES].sort()).toEqual(
      [
        'bank-accounts',
        'banktransfer-buy',
        'banktransfer-sell',
        'buy-crypto',
        'card-buy-sell',
        'dashboard',
        'history',
        'manage-wallet',
        'settings',
        'withdraw',
      ].sort(),
    );
  });

  it.each(['/corporation-portal/transaction', '/corporation-portal/home', '/result', '/business-status', '/risk-reminder'])(
    'leaves it on %s (its trade pages say what verification still needs)',
    (path) => {
      expect(gateFor(corporate(), at(path))).toBeNull();
      expect(gateFor(corporate('Initial'), at(path))).toBeNull();
    },
  );
});

describe('blockedPage (the gating and the sign-in answers share it)', () => {
  it.each([
    ['AC100003', 'duplicate-account-detected'],
    ['AC100002', 'user-blocked?code=AC100002'],
    [null, 'user-blocked?code=999999'],
    [undefined, 'user-blocked?code=999999'],
    ['', 'user-blocked?code=999999'],
  ] as const)('%j → %s', (code, page) => {
    expect(blockedPage(code)).toBe(page);
  });
});
