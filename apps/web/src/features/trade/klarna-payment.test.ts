import { describe, expect, it } from 'vitest';
import {
  authTokenBody,
  cardPageAfterKlarna,
  notFinishedKlarnaOrderOf,
  outcomeOf,
  parseKlarnaAnswer,
  safeWidgetUrl,
} from './klarna-payment';

describe('Klarna widget\'s answer (docs/sandbox.md "Klarna")', () => {
  it('reads the fragment the sandbox widget sends back, named as authorize() names its fields', () => {
    expect(parseKlarnaAnswer('#approved=true&show_form=true&authorization_token=b4bd3423-24e3')).toEqual({
      approved: true,
      showForm: true,
      authorizationToken: 'b4bd3423-24e3',
    });
    expect(parseKlarnaAnswer('#approved=false&show_form=false')).toEqual({ approved: false, showForm: false, authorizationToken: null });
    expect(parseKlarnaAnswer('')).toBeNull();
    expect(parseKlarnaAnswer('#approved=yes&show_form=true')).toBeNull();
    expect(parseKlarnaAnswer('#approved=true')).toBeNull();
  });

  it('approved with a token pays; not approved and show_form false is the final decline; anything else is a close', () => {
    expect(outcomeOf({ approved: true, showForm: true, authorizationToken: 'tok-12345678' })).toEqual({
      kind: 'approved',
      token: 'tok-12345678',
    });
    expect(outcomeOf({ approved: false, showForm: false, authorizationToken: null })).toEqual({ kind: 'declined' });
    expect(outcomeOf({ approved: false, showForm: true, authorizationToken: null })).toEqual({ kind: 'closed' });
    expect(outcomeOf({ approved: true, showForm: true, authorizationToken: null })).toEqual({ kind: 'closed' });
  });

  it("submit-auth-token's body: the token, or empty for the decline", () => {
    expect(authTokenBody('o', 'ks', { kind: 'approved', token: 't' })).toEqual({
      orderId: 'o',
      sessionId: 'ks',
      authorizationToken: 't',
      channelCode: 'KLARNA',
    });
    expect(authTokenBody('o', 'ks', { kind: 'declined' }).authorizationToken).toBe('');
  });
});

describe('where the page may send the browser', () => {
  it('https anywhere, http only on our own origin, never with credentials in the URL', () => {
    const base = 'http://127.0.0.1:3000';
    expect(safeWidgetUrl('/sandbox/klarna/ks_1', base)).toBe('http://127.0.0.1:3000/sandbox/klarna/ks_1');
    expect(safeWidgetUrl('https://pay.example/sandbox/klarna/ks_1', base)).toBe('https://pay.example/sandbox/klarna/ks_1');
    expect(safeWidgetUrl('http://evil.example/x', base)).toBeNull();
    expect(safeWidgetUrl('javascript:alert(1)', base)).toBeNull();
    expect(safeWidgetUrl('https://pay.example@evil.example/', base)).toBeNull();
    expect(safeWidgetUrl(null, base)).toBeNull();
  });
});

describe('back to the card page after a close', () => {
  it('on the pair and amount being bought, told which order was not finished', () => {
    const kept = { sessionId: 'ks', widgetUrl: null, selection: { fiat: 'GBP', crypto: 'BTC', network: 'BTC' }, fiatAmount: '40.00' };
    expect(cardPageAfterKlarna('zh', kept)).toBe('/zh/card-buy-sell?fiatCurrency=GBP&cryptoCurrency=BTC&network=BTC&fiatAmount=40.00');
    expect(cardPageAfterKlarna('en', undefined)).toBe('/en/card-buy-sell');
    expect(notFinishedKlarnaOrderOf({ klarnaNotFinished: 'o' })).toBe('o');
    expect(notFinishedKlarnaOrderOf(null)).toBeNull();
    expect(notFinishedKlarnaOrderOf({ klarnaNotFinished: 1 })).toBeNull();
  });
});
