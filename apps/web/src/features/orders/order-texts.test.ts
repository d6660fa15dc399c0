import { ORDER_FAIL_REASONS, ORDER_STATUSES } from '@causeway/contracts';
import { bundledTranslations, type TextTree } from '@causeway/translations';
import { describe, expect, it } from 'vitest';
import { failReasonKey, NO_RESPONSE, type SubmitFailReason } from './fail-reasons';
import { STATUS_FILTER_KEYS } from './order-format';

/** The keys the order pages build at run time (the app's key scan sees only literal keys). */
const lookUp = (tree: TextTree, key: string) => key.split('.').reduce<string | TextTree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
const missingIn = (tree: TextTree, keys: string[]) => keys.filter((key) => typeof lookUp(tree, key) !== 'string');

describe('order texts built at run time', () => {
  const keys = [
    ...ORDER_STATUSES.map((status) => `orders.status.${status}`),
    ...([...ORDER_FAIL_REASONS, NO_RESPONSE, null] satisfies Array<SubmitFailReason | null>).map(failReasonKey),
    ...STATUS_FILTER_KEYS.map((key) => `orders.history.statusFilter.${key}`),
    ...['missing', 'reversed'].map((problem) => `orders.history.range.${problem}`),
    ...['buy', 'sell'].map((type) => `orders.type.${type}`),
    ...['done', 'current', 'pending'].map((state) => `orders.result.processing.stepState.${state}`),
  ];

  it.each(['en', 'zh'] as const)('%s has every one', (lang) => {
    expect(missingIn(bundledTranslations[lang], keys)).toEqual([]);
  });
});
