import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../texts';
import { FieldError, TextInput } from '@/ui';
import type { Wallet } from '../api/trade-api';

export interface WalletAddressFieldProps {
  coin: string;
  networkName: string;
  address: string;
  memo: string;
  /** The network needs a memo or tag (list-currency's memoRequired); `memoName` is its name there. */
  memoRequired: boolean;
  memoName: string;
  /** Saved addresses of this coin and network (list-wallet). */
  wallets: Wallet[];
  onChange: (next: { address: string; memo: string }) => void;
  /** Refusals (the page's own checks or the server's, by reason), shown whether or not the field was typed in. */
  addressError?: string | undefined;
  memoError?: string | undefined;
  save: boolean;
  onSaveChange: (save: boolean) => void;
  /** The merchant who fixed the address (its transaction): shown read-only, nothing to choose or save. */
  fixedBy?: string | undefined;
  /** Buy-and-send: the fixed address is the merchant's own wallet (the coins pay the merchant), not the person's. */
  merchantsOwn?: boolean;
}

/** Where the coin goes: the address (prefilled with the default wallet), the memo when the network needs one, saved addresses. */
export function WalletAddressField(props: WalletAddressFieldProps) {
  const {
    coin,
    networkName,
    address,
    memo,
    memoRequired,
    memoName,
    wallets,
    onChange,
    addressError,
    memoError,
    save,
    onSaveChange,
    fixedBy,
    merchantsOwn = false,
  } = props;
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const ids = { address: useId(), memo: useId(), saved: useId(), fixed: useId() };
  const known = wallets.some((wallet) => wallet.address === address.trim());
  const fixed = fixedBy !== undefined;
  const addressDescription =
    [fixed ? ids.fixed : null, addressError ? `${ids.address}-rejected` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {wallets.length > 1 && !fixed ? (
        <div className="flex flex-col">
          <label htmlFor={ids.saved} className="mb-1.5 text-sm font-medium text-fg">
            {t('trade.address.saved')}
          </label>
          <select
            id={ids.saved}
            value={known ? address.trim() : ''}
            onChange={(event) => {
              const wallet = wallets.find((item) => item.address === event.target.value);
              if (wallet) onChange({ address: wallet.address, memo: wallet.memo ?? '' });
              // The placeholder chooses nothing: show the address's own entry again (Preact leaves a
              // controlled select as chosen when nothing changes).
              else event.currentTarget.value = known ? address.trim() : '';
            }}
            className="h-12 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-base text-fg focus:ring-2 focus:ring-focus focus-visible:outline-none!"
          >
            <option value="">{t('trade.address.chooseSaved')}</option>
            {wallets.map((wallet) => (
              <option key={wallet.walletId} value={wallet.address}>
                {wallet.label ? `${wallet.label} · ${wallet.address}` : wallet.address}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {wallets.length > 0 && !fixed ? (
        <Link to={`/${lng}/manage-wallet`} className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('trade.wallets.manage')}
        </Link>
      ) : null}
      <div className="flex flex-col">
        <TextInput
          id={ids.address}
          label={
            fixed && merchantsOwn
              ? t('trade.address.merchantsLabel', { merchant: fixedBy, coin, network: networkName })
              : t('trade.address.label', { coin, network: networkName })
          }
          name="walletAddress"
          autoComplete="off"
          spellCheck="false"
          className="[&_input]:break-all"
          value={address}
          onValueChange={(value) => onChange({ address: value, memo })}
          readOnly={fixed}
          aria-describedby={addressDescription}
        />
        {fixed ? (
          <p id={ids.fixed} className="mt-1 text-xs text-muted">
            {t(merchantsOwn ? 'trade.address.paysMerchant' : 'trade.address.setByMerchant', { merchant: fixedBy })}
          </p>
        ) : null}
        <FieldError id={`${ids.address}-rejected`} message={addressError} />
      </div>
      {memoRequired ? (
        <div className="flex flex-col">
          <TextInput
            id={ids.memo}
            label={memoName || t('trade.address.memo')}
            name="memo"
            autoComplete="off"
            value={memo}
            onValueChange={(value) => onChange({ address, memo: value })}
            readOnly={fixed}
            aria-describedby={memoError ? `${ids.memo}-rejected` : undefined}
          />
          <p className="mt-1 text-xs text-muted">{t('trade.address.memoHint', { memoName: memoName || t('trade.address.memo') })}</p>
          <FieldError id={`${ids.memo}-rejected`} message={memoError} />
        </div>
      ) : null}
      {address.trim() !== '' && !known && !fixed ? (
        <label className="flex min-h-10 items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            checked={save}
            onChange={(event) => onSaveChange(event.target.checked)}
            className="size-4 accent-primary"
          />
          {t('trade.address.save')}
        </label>
      ) : null}
    </div>
  );
}
