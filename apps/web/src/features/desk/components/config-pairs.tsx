import { CALL_ROUTES } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useApiMutation } from '@/lib/use-api-mutation';
import { CONFIG_KEYS, type DeskPairListing, usePairs } from '../api/config-api';
import { useDeskCall } from '../api/desk-api';
import { useTranslation } from '../texts';
import { ChangeStatus, OnOffSwitch, selectClass } from './config-parts';
import { cardClass, codeClass, itemClass, titleClass } from './desk-classes';
import { QueryBody } from './screen-parts';

type PairSwitch =
  | { kind: 'pair'; pairId: string; enabled: boolean }
  | { kind: 'channel'; pairId: string; channelCode: string; transactionType: string; enabled: boolean };

/**
 * The trading pairs (docs/rules/entities.md "Reference data"), one base currency at a time: each pair offered
 * or not, and each channel's offer of it per transaction type. A pair switched off is out of the catalogue and
 * refused by the next quote. The server audits each switch.
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
