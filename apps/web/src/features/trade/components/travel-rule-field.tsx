import type { OrderTravelRule, TravelRuleAnswer } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FieldError } from '@/ui';
import { useTradeApi } from '../api/trade-queries';
import { useTranslation } from '../texts';

/** The travel rule's question as the page holds it: nothing chosen yet, self-hosted, or a VASP (its id, '' until one is picked). */
export type TravelRuleChoice = { walletType: 'SELF_HOSTED' } | { walletType: 'VASP'; vaspId: string } | null;

/**
 * Whether orders are asked (gtr-enabled) and the VASPs one may name (list-vasp-info): both once per
 * page. `alwaysVasps`: the list is wanted even while orders are not asked (a saved wallet's holder).
 */
export function useTravelRule({ alwaysVasps = false }: { alwaysVasps?: boolean } = {}) {
  const api = useTradeApi();
  const enabled = useQuery({ queryKey: ['trade', 'gtr-enabled'], queryFn: () => api.gtrEnabled(), staleTime: Infinity });
  const vasps = useQuery({
    queryKey: ['trade', 'vasps'],
    queryFn: () => api.listVasps(),
    staleTime: Infinity,
    enabled: alwaysVasps || enabled.data === true,
  });
  return { enabled: enabled.data === true, vasps: vasps.data ?? [] };
}

/** A saved wallet's holder (manage-wallet) as the question's choice, or null when the person never said. */
export const holderChoiceOf = (holder: OrderTravelRule | null | undefined): TravelRuleChoice =>
  !holder ? null : holder.walletType === 'VASP' ? { walletType: 'VASP', vaspId: holder.vaspId ?? '' } : { walletType: 'SELF_HOSTED' };

/** The answer to send, or null while it is incomplete (nothing chosen, or a VASP not picked). */
export const travelRuleAnswer = (choice: TravelRuleChoice): TravelRuleAnswer | null =>
  !choice || (choice.walletType === 'VASP' && !choice.vaspId) ? null : choice;

/**
 * The travel rule's question (shown only while gtr-enabled is on): who holds the wallet the crypto
 * goes to (a buy) or comes from (a sell) — the person themselves, or an exchange or service from
 * list-vasp-info. The server keeps the answer with the order and shows it in its details.
 */
export function TravelRuleField({
  side,
  legend,
  vasps,
  choice,
  onChange,
  error,
}: {
  side: 'buy' | 'sell';
  /** The question, when it is not an order's (a saved wallet's holder). */
  legend?: string | undefined;
  vasps: ReadonlyArray<{ vaspId: string; name: string; country: string }>;
  choice: TravelRuleChoice;
  onChange: (choice: TravelRuleChoice) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const ids = { legend: useId(), vasp: useId(), error: useId() };
  const radio = 'size-4 accent-primary';
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? ids.error : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{legend ?? t(`trade.travelRule.question.${side}`)}</legend>
      <label className="flex min-h-10 items-center gap-2 text-sm text-fg">
        <input
          type="radio"
          name={ids.legend}
          className={radio}
          checked={choice?.walletType === 'SELF_HOSTED'}
          onChange={() => onChange({ walletType: 'SELF_HOSTED' })}
        />
        {t('trade.travelRule.selfHosted')}
      </label>
      <label className="flex min-h-10 items-center gap-2 text-sm text-fg">
        <input
          type="radio"
          name={ids.legend}
          className={radio}
          checked={choice?.walletType === 'VASP'}
          onChange={() => onChange({ walletType: 'VASP', vaspId: vasps.length === 1 ? vasps[0]!.vaspId : '' })}
          disabled={vasps.length === 0}
        />
        {t('trade.travelRule.vasp')}
      </label>
      {choice?.walletType === 'VASP' ? (
        <div className="flex flex-col pl-6">
          <label htmlFor={ids.vasp} className="mb-1.5 text-sm font-medium text-fg">
            {t('trade.travelRule.which')}
          </label>
          <select
            id={ids.vasp}
            value={choice.vaspId}
            onChange={(event) => onChange({ walletType: 'VASP', vaspId: event.target.value })}
            className="h-12 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-base text-fg focus:ring-2 focus:ring-focus focus-visible:outline-none!"
          >
            <option value="">{t('trade.travelRule.choose')}</option>
            {vasps.map((vasp) => (
              <option key={vasp.vaspId} value={vasp.vaspId}>
                {`${vasp.name} (${vasp.country})`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <FieldError id={ids.error} message={error} />
    </fieldset>
  );
}
