import { CALL_ROUTES } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { compareDecimal, isDecimalString } from '@/lib/decimal';
import { fiatDecimalsOf } from '@/lib/money-format';
import { useApiMutation } from '@/lib/use-api-mutation';
import { CONFIG_KEYS, type DeskPairListing, usePairs } from '../api/config-api';
import { useDeskCall } from '../api/desk-api';
import { useTranslation } from '../texts';
import { ChangeStatus, configErrorText, OnOffSwitch, selectClass } from './config-parts';
import { cardClass, codeClass, itemClass, smallButtonClass, titleClass } from './desk-classes';
import { QueryBody } from './screen-parts';

type PairSwitch =
  | { kind: 'pair'; pairId: string; enabled: boolean }
  | { kind: 'channel'; pairId: string; channelCode: string; transactionType: string; enabled: boolean };

/**
 * The trading pairs (docs/rules/entities.md "Reference data"), one base currency at a time: each pair offered
 * or not, its range (the smallest and largest order in its base currency), and each channel's offer of it per
 * transaction type. A pair switched off is out of the catalogue and refused by the next quote. The server audits
 * each change.
 */
export function PairsSection() {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const pairs = usePairs();
  const headingId = useId();
  const baseId = useId();
  const [base, setBase] = useState<string>();
  const [said, setSaid] = useState<string>();

  const change = useApiMutation({
    // The two calls answer different settings; the screen reads neither answer (it reads the list again).
    mutationFn: (input: PairSwitch): Promise<unknown> =>
      input.kind === 'pair'
        ? call(CALL_ROUTES.deskChangePair, { pairId: input.pairId, enabled: input.enabled })
        : call(CALL_ROUTES.deskChangePairChannel, {
            pairId: input.pairId,
            channelCode: input.channelCode,
            transactionType: input.transactionType,
            enabled: input.enabled,
          }),
    onMutate: () => setSaid(undefined),
    // A refused change may mean the page is behind (a setting removed meanwhile): read the list again.
    onError: () => void queries.invalidateQueries({ queryKey: CONFIG_KEYS.pairs }),
    onSuccess: (_answer, input) => {
      const state = input.enabled ? t('desk.config.on') : t('desk.config.off');
      setSaid(
        input.kind === 'pair'
          ? t('desk.config.pairs.pairChanged', { pair: input.pairId, state })
          : t('desk.config.pairs.channelChanged', {
              pair: input.pairId,
              channel: input.channelCode,
              type: input.transactionType,
              state,
            }),
      );
      void queries.invalidateQueries({ queryKey: CONFIG_KEYS.pairs });
    },
  });

  const bases = useMemo(() => [...new Set((pairs.data?.pairs ?? []).map((pair) => pair.baseCurrency))].sort(), [pairs.data]);
  const shown = base ?? bases[0];

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={titleClass}>
        {t('desk.config.pairs.title')}
      </h2>
      <p className="text-sm text-muted">{t('desk.config.pairs.intro')}</p>
      <ChangeStatus said={said} error={change.isError ? change.error : null} />
      <QueryBody query={pairs}>
        {(answer) =>
          answer.pairs.length === 0 ? (
            <p className="text-sm text-muted">{t('desk.config.pairs.none')}</p>
          ) : (
            <>
              <div className="flex max-w-xs flex-col gap-1">
                <label htmlFor={baseId} className="text-sm font-medium text-fg">
                  {t('desk.config.pairs.base')}
                </label>
                <select id={baseId} className={selectClass} value={shown} onChange={(event) => setBase(event.target.value)}>
                  {bases.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              </div>
              <ul className="flex flex-col gap-3">
                {answer.pairs
                  .filter((pair) => pair.baseCurrency === shown)
                  .map((pair) => (
                    <PairItem key={pair.pairId} pair={pair} busy={change.isPending} onSwitch={(input) => change.mutate(input)} />
                  ))}
              </ul>
            </>
          )
        }
      </QueryBody>
    </section>
  );
}

function PairItem({ pair, busy, onSwitch }: { pair: DeskPairListing; busy: boolean; onSwitch: (input: PairSwitch) => void }) {
  const { t } = useTranslation();
  const name = t('desk.config.pairs.name', { crypto: pair.cryptoCurrency, network: pair.network, base: pair.baseCurrency });
  return (
    <li className={itemClass}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-fg">{name}</h3>
          <p className={codeClass}>{pair.pairId}</p>
          <p className="text-xs text-muted">
            {t('desk.config.pairs.range', { min: pair.minAmount, max: pair.maxAmount, currency: pair.baseCurrency })}
          </p>
        </div>
        <OnOffSwitch
          on={pair.enabled}
          label={t('desk.config.pairs.offered', { pair: name })}
          disabled={busy}
          onToggle={(enabled) => onSwitch({ kind: 'pair', pairId: pair.pairId, enabled })}
        />
      </div>
      <RangeForm pair={pair} />
      {pair.channels.length === 0 ? (
        <p className="text-xs text-muted">{t('desk.config.pairs.noChannels')}</p>
      ) : (
        <ul aria-label={t('desk.config.pairs.channelsOf', { pair: name })} className="flex flex-col divide-y divide-line">
          {pair.channels.map((channel) => (
            <li
              key={`${channel.channelCode}:${channel.transactionType}`}
              className="flex flex-wrap items-center justify-between gap-x-4 py-1"
            >
              <span className="min-w-0 text-sm break-all text-fg">
                {t('desk.config.pairs.channel', { channel: channel.channelCode, type: channel.transactionType })}
              </span>
              <OnOffSwitch
                on={channel.enabled}
                label={t('desk.config.pairs.channelOffered', {
                  pair: name,
                  channel: channel.channelCode,
                  type: channel.transactionType,
                })}
                disabled={busy}
                onToggle={(enabled) =>
                  onSwitch({
                    kind: 'channel',
                    pairId: pair.pairId,
                    channelCode: channel.channelCode,
                    transactionType: channel.transactionType,
                    enabled,
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

type RangeField = 'minAmount' | 'maxAmount';
const RANGE_FIELDS: readonly RangeField[] = ['minAmount', 'maxAmount'];

/**
 * What the server takes as an amount of a pair (modules/reference/pair-settings.ts): a plain decimal string (no
 * sign, exponent or comma) with at most the base currency's decimals (ISO 4217's, as its catalogue holds them),
 * above 0. The server checks it again, and the order of the two, with what it holds at that moment.
 */
const amountPattern = (places: number) => new RegExp(places > 0 ? `^\\d{1,20}(\\.\\d{1,${places}})?$` : '^\\d{1,20}$');

/** The same amount however written ("20" and "20.00"): an unchanged field is not sent. */
const sameAmount = (typed: string, held: string) =>
  isDecimalString(typed) && isDecimalString(held) ? compareDecimal(typed, held) === 0 : typed === held;

/**
 * A pair's range, changed in place: its minimum and maximum in the base currency, prefilled with the values held.
 * Save sends only the fields that changed (`{ pairId, minAmount?, maxAmount? }`), after the page has checked each
 * as the server does (at the field, the first wrong one taking the focus); the line under it says what the server
 * answered (before → after) or why it refused, and the list is read again.
 */
function RangeForm({ pair }: { pair: DeskPairListing }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const formId = useId();
  const currency = pair.baseCurrency;
  const places = fiatDecimalsOf(currency);
  const held: Record<RangeField, string> = { minAmount: pair.minAmount, maxAmount: pair.maxAmount };
  const [draft, setDraft] = useState<Partial<Record<RangeField, string>>>({});
  const [tried, setTried] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  // Each refused send moves the focus to the first field in error, once its error is in the page (read with it).
  const [refusal, setRefusal] = useState<{ field: RangeField; count: number }>();
  const inputs = { minAmount: useRef<HTMLInputElement>(null), maxAmount: useRef<HTMLInputElement>(null) };

  const mutation = useApiMutation({
    mutationFn: (changed: Partial<Record<RangeField, string>>) => call(CALL_ROUTES.deskChangePair, { pairId: pair.pairId, ...changed }),
    // A refused change may mean the page is behind (the pair changed or gone meanwhile): read the list again.
    onError: () => void queries.invalidateQueries({ queryKey: CONFIG_KEYS.pairs }),
    onSuccess: () => {
      setDraft({});
      setTried(false);
      void queries.invalidateQueries({ queryKey: CONFIG_KEYS.pairs });
    },
  });

  useEffect(() => {
    if (refusal) inputs[refusal.field].current?.focus();
    // Only a new refusal moves the focus, not typing; the refs never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal]);

  const labels: Record<RangeField, { shown: string; full: string }> = {
    minAmount: {
      shown: t('desk.config.pairs.minimum', { currency }),
      full: t('desk.config.pairs.minimumOf', { currency, pair: pair.pairId }),
    },
    maxAmount: {
      shown: t('desk.config.pairs.maximum', { currency }),
      full: t('desk.config.pairs.maximumOf', { currency, pair: pair.pairId }),
    },
  };
  const valueOf = (field: RangeField) => (draft[field] ?? held[field]).trim();
  const changed = RANGE_FIELDS.filter((field) => !sameAmount(valueOf(field), held[field]));

  // The server's checks, in its order: each amount's form, then the minimum at most the maximum.
  const pattern = amountPattern(places);
  const example = places > 0 ? `30.${'0'.repeat(places)}` : '30';
  const malformed = (field: RangeField) => {
    const value = valueOf(field);
    return pattern.test(value) && compareDecimal(value, '0') > 0
      ? undefined
      : places > 0
        ? t('desk.config.pairs.amountInvalid', { places: String(places), example })
        : t('desk.config.pairs.amountWhole', { example });
  };
  const errors: Partial<Record<RangeField, string>> = {};
  for (const field of changed) {
    const problem = malformed(field);
    if (problem) errors[field] = problem;
  }
  if (!errors.minAmount && !errors.maxAmount && compareDecimal(valueOf('minAmount'), valueOf('maxAmount')) > 0)
    // Said at the field moved: the minimum when it was, else the maximum.
    errors[changed.includes('minAmount') || changed.length === 0 ? 'minAmount' : 'maxAmount'] = t('desk.config.pairs.rangeOrder');
  const shownErrors = tried ? errors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.reset();
    setTried(true);
    setUnchanged(false);
    const wrong = RANGE_FIELDS.find((field) => errors[field] !== undefined);
    if (wrong) return setRefusal((last) => ({ field: wrong, count: (last?.count ?? 0) + 1 }));
    if (changed.length === 0) return setUnchanged(true);
    mutation.mutate(Object.fromEntries(changed.map((field) => [field, valueOf(field)])));
  };

  const answerText = () => {
    const answer = mutation.data;
    if (!answer) return null;
    const text = (value: string | undefined) => value ?? '—';
    const moved = RANGE_FIELDS.filter((field) => answer.before?.[field] !== answer.after?.[field]);
    const change = (moved.length > 0 ? moved : RANGE_FIELDS)
      .map((field) =>
        t('desk.config.pairs.rangeMoved', {
          field: labels[field].shown,
          before: text(answer.before?.[field]),
          after: text(answer.after?.[field]),
        }),
      )
      .join('; ');
    return t('desk.config.pairs.rangeChanged', { pair: pair.pairId, change });
  };

  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-2">
      <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start">
        {RANGE_FIELDS.map((field) => {
          const id = `${formId}-${field}`;
          const error = shownErrors[field];
          return (
            <div key={field} className="flex min-w-0 flex-col gap-1 sm:w-44">
              <label htmlFor={id} className="text-sm font-medium text-fg">
                {labels[field].shown}
              </label>
              <input
                ref={inputs[field]}
                id={id}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                aria-label={labels[field].full}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className={`${selectClass} font-mono ${error ? 'border-danger' : ''}`}
                value={draft[field] ?? held[field]}
                onChange={(event) => {
                  const value = event.target.value;
                  setDraft((current) => ({ ...current, [field]: value }));
                }}
              />
              <p id={`${id}-error`} className="text-xs text-danger empty:hidden">
                {error ?? ''}
              </p>
            </div>
          );
        })}
        <button
          type="submit"
          className={`${smallButtonClass} self-start sm:mt-6`}
          disabled={mutation.isPending}
          aria-label={t('desk.config.pairs.saveRangeOf', { pair: pair.pairId })}
        >
          {mutation.isPending ? t('desk.config.pairs.saving') : t('desk.config.pairs.save')}
        </button>
      </div>
      <p role="status" className="text-xs break-words text-fg empty:hidden">
        {mutation.isError ? (
          <span className="text-danger">{configErrorText(mutation.error, t)}</span>
        ) : unchanged ? (
          t('desk.config.pairs.rangeUnchanged')
        ) : (
          answerText()
        )}
      </p>
    </form>
  );
}
