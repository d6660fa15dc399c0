import { ORDER_FAIL_REASONS, ORDER_STATUSES } from '@causeway/contracts';
import { bundledTranslations, type TextTree } from '@causeway/translations';
import { describe, expect, it } from 'vitest';
import { resultTextKeys } from './components/order-result-view';
import { failReasonKey, NO_RESPONSE, type SubmitFailReason } from './fail-reasons';
import { STATUS_FILTER_KEYS } from './order-format';

/** The keys the order pages build at run time (the app's key scan sees only literal keys). */
const lookUp = (tree: TextTree, key: string) =>
  key.split('.').reduce<string | TextTree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
const missingIn = (tree: TextTree, keys: string[]) => keys.filter((key) => typeof lookUp(tree, key) !== 'string');

describe('order texts built at run time', () => {
  const keys = [
    ...ORDER_STATUSES.map((status) => `orders.status.${status}`),
    ...([...ORDER_FAIL_REASONS, NO_RESPONSE, null] satisfies Array<SubmitFailReason | null>).map(failReasonKey),
    ...STATUS_FILTER_KEYS.map((key) => `orders.history.statusFilter.${key}`),
    ...['missing', 'reversed'].map((problem) => `orders.history.range.${problem}`),
    ...['buy', 'sell'].map((type) => `orders.type.${type}`),
    ...['done', 'current', 'pending'].map((state) => `orders.result.processing.stepState.${state}`),
    // The result page's view of every status, and of a PROCESSING order being stopped: orders.result.<view>.title and, for most, .content.
    ...[
      ...ORDER_STATUSES.flatMap((status) => [true, false].map((refunded) => ({ status, failReason: null, refunded }))),
      { status: 'PROCESSING' as const, failReason: 'LIQUIDITY' as const, refunded: false },
    ].flatMap((order) => Object.values(resultTextKeys(order)).filter((key): key is string => key !== null)),
    'orders.outcome.refunding',
  ];

  it.each(['en', 'zh'] as const)('%s has every one', (lang) => {
    expect(missingIn(bundledTranslations[lang], keys)).toEqual([]);
  });
});

describe('order words', () => {
  it('the result view of every status has a title, and a content unless its steps say it', () => {
    expect(resultTextKeys({ status: 'SUCCESS', failReason: null, refunded: false })).toEqual({
      title: 'orders.result.success.title',
      content: 'orders.result.success.content',
    });
    // A failure reads its reason.
    expect(resultTextKeys({ status: 'FAILED', failReason: 'CARD_DECLINED', refunded: false })).toEqual({
      title: 'orders.result.failed.title',
      content: 'orders.failReason.CARD_DECLINED',
    });
    // Expired once paid: refunded; expired while only held: never charged.
    expect(resultTextKeys({ status: 'EXPIRED_ERROR', failReason: 'DEADLINE_PASSED', refunded: true })).toEqual({
      title: 'orders.result.expiredError.title',
      content: 'orders.result.expiredError.content',
    });
    expect(resultTextKeys({ status: 'EXPIRED_ERROR', failReason: 'DEADLINE_PASSED', refunded: false })).toEqual({
      title: 'orders.result.expiredError.title',
      content: 'orders.result.expiredError.notCharged',
    });
    // PROCESSING with a reason: being stopped, its reason the content.
    expect(resultTextKeys({ status: 'PROCESSING', failReason: 'PAYOUT_FAILED', refunded: false })).toEqual({
      title: 'orders.result.stopping.title',
      content: 'orders.failReason.PAYOUT_FAILED',
    });
    expect(resultTextKeys({ status: 'PROCESSING', failReason: null, refunded: false })).toEqual({
      title: 'orders.result.processing.title',
      content: null,
    });
  });

  it('en and zh use the words chosen for the order pages', () => {
    expect(lookUp(bundledTranslations.en, 'orders.detail.received')).toBe('You received');
    expect(lookUp(bundledTranslations.zh, 'orders.result.processing.stepState.pending')).toBe('未开始');
    // One word for the spread on the trade and order pages.
    expect(lookUp(bundledTranslations.zh, 'orders.detail.spread')).toContain('价差');
    expect(lookUp(bundledTranslations.zh, 'trade.quote.spread')).toContain('价差');
    // One wording for the promotion's line in the quote and the order details.
    for (const lang of ['en', 'zh'] as const)
      expect(lookUp(bundledTranslations[lang], 'orders.detail.discount')).toBe(lookUp(bundledTranslations[lang], 'trade.quote.discount'));
    expect(lookUp(bundledTranslations.en, 'orders.detail.discount')).toBe('Promotion discount');
  });
});
