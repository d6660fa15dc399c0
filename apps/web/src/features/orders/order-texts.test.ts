import { ORDER_FAIL_REASONS, ORDER_STATUSES } from '@causeway/contracts';
import { bundledTranslations, type TextTree } from '@causeway/translations';
import { describe, expect, it } from 'vitest';
import { resultTextKeys } from './components/order-result-view';
import { statusTextKey } from './components/status-badge';
import { failReasonKey, NO_RESPONSE, type SubmitFailReason } from './fail-reasons';
import { STATUS_FILTER_KEYS } from './order-format';
import { sellLineKey } from './sell-format';

/** The keys the order pages build at run time (the app's key scan sees only literal keys). */
const lookUp = (tree: TextTree, key: string) =>
  key.split('.').reduce<string | TextTree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
const CARD = { cardId: 'crd_1', cardProcessor: 'VISA', maskedNumber: '4242 **** **** 4242' };
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
    // A sell's views (with and without a card on the order, with and without a reason), badges and list lines.
    ...ORDER_STATUSES.flatMap((status) =>
      [null, 'DEPOSIT_NOT_RECEIVED' as const].flatMap((failReason) =>
        [CARD, null].flatMap((card) =>
          Object.values(resultTextKeys({ status, failReason, refunded: false, transactionType: 'sell', card })).filter(
            (key): key is string => key !== null,
          ),
        ),
      ),
    ),
    ...ORDER_STATUSES.map((status) => statusTextKey(status, 'sell')),
    ...(['done', 'pending', 'stopping', 'ended'] as const).flatMap((outcome) =>
      [null, 'PAYOUT_DECLINED'].map((reason) => sellLineKey(outcome, reason)),
    ),
    'orders.outcome.sellOther',
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

  it('a sell reads as a sell: its own titles, its reason, the card its proceeds go to', () => {
    const sell = { transactionType: 'sell', refunded: false, card: CARD };
    expect(resultTextKeys({ ...sell, status: 'OrderSubmitted', failReason: null })).toEqual({
      title: 'orders.result.sell.submitted.title',
      content: null,
    });
    expect(resultTextKeys({ ...sell, status: 'PROCESSING', failReason: null })).toEqual({
      title: 'orders.result.sell.processing.title',
      content: 'orders.result.sell.processing.toCard',
    });
    expect(resultTextKeys({ ...sell, status: 'SUCCESS', failReason: null, card: null })).toEqual({
      title: 'orders.result.sell.success.title',
      content: 'orders.result.sell.success.toAnyCard',
    });
    expect(resultTextKeys({ ...sell, status: 'EXPIRED', failReason: 'DEPOSIT_NOT_RECEIVED' })).toEqual({
      title: 'orders.result.sell.expired.title',
      content: 'orders.failReason.DEPOSIT_NOT_RECEIVED',
    });
    expect(resultTextKeys({ ...sell, status: 'FAILED', failReason: 'PAYOUT_DECLINED' })).toEqual({
      title: 'orders.result.sell.failed.title',
      content: 'orders.failReason.PAYOUT_DECLINED',
    });
    // A sell knows no partial authorisation nor refund.
    expect(resultTextKeys({ ...sell, status: 'EXPIRED_ERROR', failReason: null }).title).toBe('orders.result.sell.expired.title');
    expect(resultTextKeys({ ...sell, status: 'PARTIAL_AUTH', failReason: null }).title).toBe('orders.result.sell.failed.title');
    expect(statusTextKey('OrderSubmitted', 'sell')).toBe('orders.sellStatus.OrderSubmitted');
    expect(statusTextKey('OrderSubmitted', 'buy')).toBe('orders.status.OrderSubmitted');
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
