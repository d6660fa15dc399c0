import { describe, expect, it } from 'vitest';
import { accountOverview, corporateOverview } from '@/test/account-overview';
import { decideTradeState, type TradeInputs } from './trade-state';
import { CURRENCIES, limits, PAIRS } from './trade-test-kit';

const inputs = (overrides: Partial<TradeInputs> = {}): TradeInputs => ({
  account: accountOverview(),
  gate: null,
  addressRequired: false,
  features: [{ label: 'buy', enable: true }],
  currencies: CURRENCIES,
  pairsByFiat: new Map(Object.entries(PAIRS)),
  limits: limits(),
  asked: {},
  rememberedFiat: undefined,
  ...overrides,
});

describe('decideTradeState', () => {
  it('orders the fiats and coins by the catalogue', () => {
    const state = decideTradeState(inputs());
    expect(state.state === 'trade' && state.offer.fiats.map((f) => f.currency)).toEqual(['EUR', 'GBP']);
    expect(state.state === 'trade' && state.offer.initial).toEqual({ fiat: 'EUR', crypto: 'BTC', network: 'BTC' });
  });

  it('opens with the remembered fiat (shared cookie) when it is offered', () => {
    const state = decideTradeState(inputs({ rememberedFiat: 'GBP' }));
    expect(state.state === 'trade' && state.offer.initial.fiat).toBe('GBP');
    const unknown = decideTradeState(inputs({ rememberedFiat: 'AED' }));
    expect(unknown.state === 'trade' && unknown.offer.initial.fiat).toBe('EUR');
  });

  it('a coin asked without a network takes its first offered network', () => {
    const state = decideTradeState(inputs({ asked: { crypto: 'USDT' } }));
    expect(state.state === 'trade' && state.offer.initial).toEqual({ fiat: 'EUR', crypto: 'USDT', network: 'ETH' });
  });

  it('a corporate account whose basic KYB has not passed is not ready (the KYB status page)', () => {
    expect(decideTradeState(inputs({ account: corporateOverview({ kybBasicStatus: 'Processing' }) }))).toEqual({
      state: 'AccountNotReady',
      statusPage: 'corporation-portal/kyb-status',
    });
    expect(decideTradeState(inputs({ account: corporateOverview() })).state).toBe('trade');
  });

  it('a verification that ended (KYC Fail, or the account Terminated) is marked final; one under way is not', () => {
    const failed = accountOverview({}, { kycStatus: 'Fail' });
    expect(decideTradeState(inputs({ account: failed, gate: 'account-status' }))).toEqual({
      state: 'AccountNotReady',
      statusPage: 'account-status',
      final: 'Fail',
    });
    const closed = accountOverview({ accountStatus: 'Terminated' });
    expect(decideTradeState(inputs({ account: closed, gate: 'account-status' }))).toEqual({
      state: 'AccountNotReady',
      statusPage: 'account-status',
      final: 'Terminated',
    });
    const pending = accountOverview({}, { kycStatus: 'Pending' });
    expect(decideTradeState(inputs({ account: pending, gate: 'account-status' }))).toEqual({
      state: 'AccountNotReady',
      statusPage: 'account-status',
    });
  });

  it('a gate other than a status page is followed (migration, remediation, blocked)', () => {
    expect(decideTradeState(inputs({ gate: 'user-migration' }))).toEqual({ state: 'redirect', to: 'user-migration' });
  });

  it('a limit of another tier, or one with money left, does not stop the page', () => {
    const other = limits('0');
    other.userKycLimitVos[0]!.current = false;
    expect(decideTradeState(inputs({ limits: other })).state).toBe('trade');
    expect(decideTradeState(inputs({ limits: limits('0.01') })).state).toBe('trade');
  });
});
