import { CALL_ROUTES } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { TextInput } from '@/ui';
import { useDeskCall } from '../api/desk-api';
import { type DeskFeesAnswer, type DeskLimitTiersAnswer, SETTINGS_KEYS, useDeskFees, useDeskLimitTiers } from '../api/settings-api';
import { useTranslation } from '../texts';
import { cardClass, codeClass, smallButtonClass, titleClass } from './desk-classes';
import { QueryBody, ScreenHeader } from './screen-parts';
import {
  cellClass,
  changeText,
  decimalPattern,
  type SettingField,
  settingErrorText,
  SettingRow,
  SettingsTable,
  wholeNumberPattern,
} from './setting-row';

/** Rates are stored with 6 decimals, limits in whole cents; a network fee's decimals are its coin's (the server checks those). */
const RATE_PLACES = 6;
const COIN_PLACES = 18;
const LIMIT_PLACES = 2;
const LIMIT_PERIODS = ['DAILY', 'MONTHLY', 'YEARLY'] as const;

/**
 * Fees and limits (docs/rules/operator-desk.md "Fees and limits", admin only): our fee by channel, the
 * spreads, the network fees, the first-orders promotion and each verification tier's limits, each row
 * changed in place. The server checks every value, records the change in the audit log, and the next quote
 * uses it; the row says what it answered (before → after) or why it refused.
 */
export function FeesScreen() {
  const { t } = useTranslation();
  const fees = useDeskFees();
  const tiers = useDeskLimitTiers();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={headingId} title={t('desk.fees.title')} intro={t('desk.fees.intro')} />
      <QueryBody query={fees}>
        {(answer) => (
          <>
            <ChannelFees fees={answer} />
            <Spreads fees={answer} />
            <NetworkFees fees={answer} />
            <PromotionTable fees={answer} />
          </>
        )}
      </QueryBody>
      <QueryBody query={tiers}>{(answer) => <LimitTiers tiers={answer.tiers} />}</QueryBody>
    </section>
  );
}

export default FeesScreen;

function Part({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className={titleClass}>
        {title}
      </h2>
      <p className="text-sm text-muted">{hint}</p>
      {children}
    </section>
  );
}

/** The columns every table ends with. */
const useTail = () => {
  const { t } = useTranslation();
  return [t('desk.fees.lastChanged'), t('desk.fees.change')];
};

function ChannelFees({ fees }: { fees: DeskFeesAnswer }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const tail = useTail();
  const header = t('desk.fees.channels.rate');
  const max = fees.bounds.feeRateMax;
  return (
    <Part title={t('desk.fees.channels.title')} hint={t('desk.fees.channels.hint', { max })}>
      <SettingsTable caption={t('desk.fees.channels.title')} headers={[t('desk.fees.channels.channel'), header, ...tail]}>
        {fees.channels.map((row) => (
          <SettingRow
            key={row.channelCode}
            name={row.channelCode}
            heading={<span className={codeClass}>{row.channelCode}</span>}
            fields={[rateField(t, 'feeRate', header, row.feeRate, max)]}
            lastChange={row}
            queryKey={SETTINGS_KEYS.fees}
            save={(changed) => call(CALL_ROUTES.deskChangeChannelFee, { channelCode: row.channelCode, feeRate: changed.feeRate! })}
          />
        ))}
      </SettingsTable>
    </Part>
  );
}

function Spreads({ fees }: { fees: DeskFeesAnswer }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const tail = useTail();
  const header = t('desk.fees.spreads.rate');
  const max = fees.bounds.spreadRateMax;
  // A removed row leaves the table, so what its removal answered is said here, under the table.
  const [said, setSaid] = useState<{ text: string; failed: boolean }>();
  const fields = [{ name: 'spreadRate', header }];
  const change = async (cryptoCurrency: string | null, spreadRate: string | null) => {
    const answer = await call(CALL_ROUTES.deskChangeSpreadRate, { cryptoCurrency, spreadRate });
    setSaid({ text: changeText(answer, fields, t), failed: false });
    void queries.invalidateQueries({ queryKey: SETTINGS_KEYS.fees });
    return answer;
  };
  return (
    <Part title={t('desk.fees.spreads.title')} hint={t('desk.fees.spreads.hint', { max })}>
      <SettingsTable caption={t('desk.fees.spreads.title')} headers={[t('desk.fees.spreads.crypto'), header, ...tail]}>
        {fees.spreads.map((row) => {
          const name = row.cryptoCurrency ?? t('desk.fees.spreads.default');
          return (
            <SettingRow
              key={row.cryptoCurrency ?? ''}
              name={name}
              heading={row.cryptoCurrency ? <span className={codeClass}>{row.cryptoCurrency}</span> : name}
              fields={[rateField(t, 'spreadRate', header, row.spreadRate, max)]}
              lastChange={row}
              queryKey={SETTINGS_KEYS.fees}
              save={(changed) =>
                call(CALL_ROUTES.deskChangeSpreadRate, { cryptoCurrency: row.cryptoCurrency, spreadRate: changed.spreadRate! })
              }
              remove={
                row.cryptoCurrency
                  ? {
                      label: t('desk.fees.spreads.useDefault'),
                      ariaLabel: t('desk.fees.spreads.useDefaultFor', { crypto: row.cryptoCurrency }),
                      run: () => change(row.cryptoCurrency, null),
                    }
                  : undefined
              }
            />
          );
        })}
      </SettingsTable>
      <AddSpread max={max} onAdd={(crypto, rate) => change(crypto, rate)} onFailed={(text) => setSaid({ text, failed: true })} />
      <p role="status" className={`text-sm break-words empty:hidden ${said?.failed ? 'text-danger' : 'text-fg'}`}>
        {said?.text ?? null}
      </p>
    </Part>
  );
}

/** A crypto's own spread, for a crypto that has none yet (the default applies to it until then). */
function AddSpread({
  max,
  onAdd,
  onFailed,
}: {
  max: string;
  onAdd: (crypto: string, rate: string) => Promise<unknown>;
  onFailed: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [crypto, setCrypto] = useState('');
  const [rate, setRate] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = crypto.trim().toUpperCase();
    if (!/^[A-Z0-9]{1,24}$/.test(code)) return onFailed(t('desk.fees.spreads.invalidCrypto'));
    if (!decimalPattern(RATE_PLACES).test(rate.trim()))
      return onFailed(t('desk.fees.invalidRate', { field: t('desk.fees.spreads.rate'), max }));
    setBusy(true);
    try {
      await onAdd(code, rate.trim());
      setCrypto('');
      setRate('');
    } catch (error) {
      onFailed(settingErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label={t('desk.fees.spreads.addTitle')} onSubmit={submit}>
      <TextInput className="min-w-0 sm:w-40" label={t('desk.fees.spreads.addCrypto')} value={crypto} onValueChange={setCrypto} />
      <TextInput className="min-w-0 sm:w-40" label={t('desk.fees.spreads.rate')} inputMode="decimal" value={rate} onValueChange={setRate} />
      <button type="submit" className={smallButtonClass} disabled={busy}>
        {t('desk.fees.spreads.add')}
      </button>
    </form>
  );
}

function NetworkFees({ fees }: { fees: DeskFeesAnswer }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const tail = useTail();
  const native = t('desk.fees.networks.nativeTransfer');
  const token = t('desk.fees.networks.tokenTransfer');
  const amount = (name: string, header: string, value: string): SettingField => ({
    name,
    header,
    value,
    pattern: decimalPattern(COIN_PLACES),
    invalid: t('desk.fees.invalidAmount', { field: header, places: String(COIN_PLACES) }),
  });
  return (
    <Part title={t('desk.fees.networks.title')} hint={t('desk.fees.networks.hint')}>
      <SettingsTable
        caption={t('desk.fees.networks.title')}
        headers={[t('desk.fees.networks.network'), t('desk.fees.networks.coin'), native, token, ...tail]}
      >
        {fees.networks.map((row) => (
          <SettingRow
            key={row.network}
            name={row.network}
            heading={<span className={codeClass}>{row.network}</span>}
            cells={<td className={`${cellClass} font-mono`}>{row.nativeCoin}</td>}
            fields={[amount('nativeTransfer', native, row.nativeTransfer), amount('tokenTransfer', token, row.tokenTransfer)]}
            lastChange={row}
            queryKey={SETTINGS_KEYS.fees}
            save={(changed) =>
              call(CALL_ROUTES.deskChangeNetworkFee, {
                network: row.network,
                ...(changed.nativeTransfer !== undefined ? { nativeTransfer: changed.nativeTransfer } : {}),
                ...(changed.tokenTransfer !== undefined ? { tokenTransfer: changed.tokenTransfer } : {}),
              })
            }
          />
        ))}
      </SettingsTable>
    </Part>
  );
}

function PromotionTable({ fees }: { fees: DeskFeesAnswer }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const tail = useTail();
  const { promotion, bounds } = fees;
  const orders = t('desk.fees.promotion.firstTransactions');
  const discount = t('desk.fees.promotion.discountRate');
  const max = String(bounds.promotionTransactionsMax);
  const title = t('desk.fees.promotion.title');
  return (
    <Part title={title} hint={t('desk.fees.promotion.hint')}>
      <SettingsTable caption={title} headers={[t('desk.fees.promotion.name'), orders, discount, ...tail]}>
        <SettingRow
          name={title}
          heading={title}
          fields={[
            {
              name: 'firstTransactions',
              header: orders,
              value: String(promotion.firstTransactions),
              pattern: wholeNumberPattern,
              inputMode: 'numeric',
              invalid: t('desk.fees.invalidCount', { field: orders, max }),
            },
            rateField(t, 'discountRate', discount, promotion.discountRate, bounds.discountRateMax),
          ]}
          lastChange={promotion}
          queryKey={SETTINGS_KEYS.fees}
          save={(changed) =>
            call(CALL_ROUTES.deskChangePromotion, {
              // A count of orders, not an amount: a number is what the call takes.
              ...(changed.firstTransactions !== undefined ? { firstTransactions: Number(changed.firstTransactions) } : {}),
              ...(changed.discountRate !== undefined ? { discountRate: changed.discountRate } : {}),
            })
          }
        />
      </SettingsTable>
    </Part>
  );
}

function LimitTiers({ tiers }: { tiers: DeskLimitTiersAnswer['tiers'] }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const tail = useTail();
  const headers = { DAILY: t('desk.fees.limits.daily'), MONTHLY: t('desk.fees.limits.monthly'), YEARLY: t('desk.fees.limits.yearly') };
  return (
    <Part title={t('desk.fees.limits.title')} hint={t('desk.fees.limits.hint')}>
      <SettingsTable
        caption={t('desk.fees.limits.title')}
        headers={[t('desk.fees.limits.tier'), t('desk.fees.limits.currency'), ...LIMIT_PERIODS.map((period) => headers[period]), ...tail]}
      >
        {tiers.map((tier) => {
          const name = t('desk.fees.limits.tierName', { level: String(tier.kycLevel) });
          return (
            <SettingRow
              key={tier.kycLevel}
              name={name}
              heading={name}
              cells={<td className={`${cellClass} font-mono`}>{tier.currency}</td>}
              fields={LIMIT_PERIODS.map((period) => ({
                name: period,
                header: headers[period],
                value: tier[period],
                pattern: decimalPattern(LIMIT_PLACES),
                invalid: t('desk.fees.invalidAmount', { field: headers[period], places: String(LIMIT_PLACES) }),
              }))}
              lastChange={tier}
              queryKey={SETTINGS_KEYS.limitTiers}
              save={(changed) =>
                call(CALL_ROUTES.deskChangeLimitTier, {
                  kycLevel: tier.kycLevel,
                  ...Object.fromEntries(
                    LIMIT_PERIODS.filter((period) => changed[period] !== undefined).map((period) => [period, changed[period]]),
                  ),
                })
              }
            />
          );
        })}
      </SettingsTable>
    </Part>
  );
}

/** A rate's field: a share written as a decimal, at most RATE_PLACES decimals, up to its bound (the server holds it there). */
function rateField(
  t: (key: string, values?: Record<string, string>) => string,
  name: string,
  header: string,
  value: string,
  max: string,
): SettingField {
  return {
    name,
    header,
    value,
    pattern: decimalPattern(RATE_PLACES),
    invalid: t('desk.fees.invalidRate', { field: header, max }),
  };
}
