import type { CurrencyItem } from '@causeway/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '@/lib/http-errors';
import { FieldError, GradientButton, showToast, TextInput } from '@/ui';
import { useSaveWallet } from '../api/trade-queries';
import { localAddressProblem } from '../hooks/use-destination';
import { useAddressValidator } from '../hooks/use-address-validator';
import { useTranslation } from '../texts';
import { type AddressRejection, addressRejectionOf, addressRejectionText, tradeErrorText } from '../trade-errors';
import { type TravelRuleChoice, TravelRuleField, travelRuleAnswer, useTravelRule } from './travel-rule-field';

/** One coin on one network, as the select offers it: `BTC|BTC`. */
interface Destination {
  key: string;
  coin: string;
  network: string;
  networkName: string;
  memoRequired: boolean;
  memoName: string;
}

function destinationsOf(catalogue: readonly CurrencyItem[]): Destination[] {
  return catalogue
    .filter((item) => item.assetType === 'crypto')
    .flatMap((item) =>
      item.networks.map((network) => ({
        key: `${item.currency}|${network.network}`,
        coin: item.currency,
        network: network.network,
        networkName: network.networkName,
        memoRequired: network.memoRequired,
        memoName: network.memoName ?? '',
      })),
    );
}

export interface AddWalletFormProps {
  catalogue: readonly CurrencyItem[];
  /** After the server saved it: the page reads the list again. */
  onSaved: () => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Add an address to the address book: coin and network from the catalogue, the address and (where
 * the network needs one) its memo or tag, checked by the server's own code before the call
 * (use-address-validator.ts), a label, and whether it becomes the default. A refusal of the address
 * by the server (its check or the screening) is shown under the field it concerns, in the same
 * words; anything else is toasted, and nothing is kept that the server did not save.
 */
export function AddWalletForm({ catalogue, onSaved, onCancel }: AddWalletFormProps) {
  const { t } = useTranslation();
  const ids = { destination: useId(), address: useId(), memo: useId(), label: useId() };
  const destinations = destinationsOf(catalogue);
  const [key, setKey] = useState(destinations[0]?.key ?? '');
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [label, setLabel] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [rejection, setRejection] = useState<AddressRejection | null>(null);
  // Provider information: who holds the address, if the person says (it answers the travel rule for it).
  const { vasps } = useTravelRule({ alwaysVasps: true });
  const [holder, setHolder] = useState<TravelRuleChoice>(null);
  const holderAnswer = travelRuleAnswer(holder);
  const validate = useAddressValidator();
  // The form opens on a click: the keyboard moves into it, on its first choice.
  const firstField = useRef<HTMLSelectElement>(null);
  useEffect(() => firstField.current?.focus(), []);
  const save = useSaveWallet();
  const chosen = destinations.find((item) => item.key === key);
  const memoName = chosen?.memoName || t('trade.address.memo');
  const rejectionText = rejection ? addressRejectionText(rejection, t, memoName) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || save.isPending) return;
    const entry = { network: chosen.network, address: address.trim(), memo: memo.trim(), memoRequired: chosen.memoRequired };
    const problem = localAddressProblem(entry, validate);
    setRejection(problem);
    if (problem) return;
    save.mutate(
      {
        cryptoCurrency: chosen.coin,
        network: chosen.network,
        address: entry.address,
        ...(chosen.memoRequired && entry.memo ? { memo: entry.memo } : {}),
        ...(label.trim() ? { label: label.trim() } : {}),
        ...(holderAnswer ? { holder: holderAnswer } : {}),
        isDefault,
      },
      {
        onSuccess: async () => {
          await onSaved();
          showToast({ message: t('trade.wallets.added'), kind: 'success' });
        },
        onError: (error) => {
          const refused = addressRejectionOf(error);
          if (refused) setRejection(refused);
          // A dead session is the client's to handle (sign-in); anything else is said here.
          else if (!isApiError(error) || error.httpStatus !== 401) showToast({ message: tradeErrorText(error, t), kind: 'error' });
        },
      },
    );
  };

  const selectClass =
    'h-12 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-base text-fg focus:ring-2 focus:ring-focus focus-visible:outline-none!';
  return (
    <form
      aria-labelledby={`${ids.destination}-title`}
      noValidate
      onSubmit={submit}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <h2 id={`${ids.destination}-title`} className="text-base font-semibold text-fg">
        {t('trade.wallets.addTitle')}
      </h2>
      <div className="flex flex-col">
        <label htmlFor={ids.destination} className="mb-1.5 text-sm font-medium text-fg">
          {t('trade.wallets.coinAndNetwork')}
        </label>
        <select
          ref={firstField}
          id={ids.destination}
          value={key}
          onChange={(event) => {
            setKey(event.target.value);
            setRejection(null);
          }}
          className={selectClass}
        >
          {destinations.map((item) => (
            <option key={item.key} value={item.key}>
              {t('trade.wallets.group', { coin: item.coin, network: item.networkName })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col">
        <TextInput
          id={ids.address}
          label={t('trade.wallets.address')}
          name="walletAddress"
          autoComplete="off"
          spellCheck="false"
          value={address}
          onValueChange={(value) => {
            setAddress(value);
            setRejection(null);
          }}
          aria-describedby={rejection?.field === 'address' ? `${ids.address}-rejected` : undefined}
        />
        <FieldError id={`${ids.address}-rejected`} message={rejection?.field === 'address' ? rejectionText : undefined} />
      </div>
      {chosen?.memoRequired ? (
        <div className="flex flex-col">
          <TextInput
            id={ids.memo}
            label={memoName}
            name="memo"
            autoComplete="off"
            value={memo}
            onValueChange={(value) => {
              setMemo(value);
              setRejection(null);
            }}
            aria-describedby={rejection?.field === 'memo' ? `${ids.memo}-rejected` : undefined}
          />
          <p className="mt-1 text-xs text-muted">{t('trade.address.memoHint', { memoName })}</p>
          <FieldError id={`${ids.memo}-rejected`} message={rejection?.field === 'memo' ? rejectionText : undefined} />
        </div>
      ) : null}
      <TextInput
        id={ids.label}
        label={t('trade.wallets.labelOptional')}
        name="walletLabel"
        autoComplete="off"
        maxLength={40}
        value={label}
        onValueChange={setLabel}
      />
      <TravelRuleField side="buy" legend={t('trade.wallets.holderQuestion')} vasps={vasps} choice={holder} onChange={setHolder} />
      <label className="flex min-h-10 items-center gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={isDefault}
          onChange={(event) => setIsDefault(event.target.checked)}
          className="size-4 accent-primary"
        />
        {t('trade.wallets.makeItDefault')}
      </label>
      <div className="flex flex-wrap gap-2">
        <GradientButton type="submit" className="min-h-11 px-4" disabled={save.isPending}>
          {t('trade.wallets.save')}
        </GradientButton>
        <GradientButton type="button" variant="white" className="min-h-11 px-4" onClick={onCancel}>
          {t('trade.cancel')}
        </GradientButton>
      </div>
    </form>
  );
}
