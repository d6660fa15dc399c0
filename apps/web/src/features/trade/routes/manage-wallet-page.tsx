import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorText, isApiError } from '@/lib/http-errors';
import { useNetworkName } from '@/lib/network-names';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog, ErrorView, GradientButton, showToast, Spinner } from '@/ui';
import type { Wallet } from '../api/trade-api';
import { useAllWallets, useCurrencies, useTradeApi, WALLETS_KEY } from '../api/trade-queries';
import { AddWalletForm } from '../components/add-wallet-form';
import { useTranslation } from '../texts';
import { tradeErrorText } from '../trade-errors';

/** The saved addresses of one coin on one network, in the order the server gives them (the default first). */
interface WalletGroup {
  crypto: string;
  network: string;
  wallets: Wallet[];
}

function groupsOf(wallets: readonly Wallet[]): WalletGroup[] {
  const groups = new Map<string, WalletGroup>();
  for (const wallet of wallets) {
    const key = `${wallet.cryptoCurrency}|${wallet.network}`;
    const group = groups.get(key) ?? { crypto: wallet.cryptoCurrency, network: wallet.network, wallets: [] };
    group.wallets.push(wallet);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** What an address is called in a button's name: its label, else its start and end. */
const shortName = (wallet: Wallet) => wallet.label ?? `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`;

/**
 * manage-wallet: every saved address by coin and network, which of them is the default (filled in when
 * the person buys that coin on that network), Make default for the others, and Delete behind a
 * confirmation. The default is never offered for deletion (the server refuses it too, WAL0000002,
 * which the client toasts): another one is made the default first.
 */
export function ManageWalletPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const api = useTradeApi();
  const queries = useQueryClient();
  const networkName = useNetworkName();
  const wallets = useAllWallets();
  const catalogue = useCurrencies();
  const [deleting, setDeleting] = useState<Wallet | null>(null);
  const [adding, setAdding] = useState(false);
  // Closing the form (saved or cancelled) puts the keyboard back on the button that opened it.
  const addButton = useRef<HTMLButtonElement>(null);
  const formWasOpen = useRef(false);
  useEffect(() => {
    if (!adding && formWasOpen.current) addButton.current?.focus();
    formWasOpen.current = adding;
  }, [adding]);

  const refresh = () => queries.invalidateQueries({ queryKey: WALLETS_KEY });
  // A refusal is the client's to say (a wallet call's toast, in the page language; a dead session
  // leads to sign-in), and the list is read again either way. A call that got no answer (offline,
  // timed out) reaches no reaction of the client: the page says it.
  const afterFailure = (error: unknown) => {
    void refresh();
    if (!isApiError(error) || (error.kind !== 'business' && error.httpStatus !== 401))
      showToast({ message: errorText(error, t), kind: 'error' });
  };
  const makeDefault = useApiMutation({
    mutationFn: (wallet: Wallet) => api.setDefaultWallet(wallet.walletId),
    // The list is asked again before the toast, so the page already shows what it says.
    onSuccess: async () => {
      await refresh();
      showToast({ message: t('trade.wallets.defaultChanged'), kind: 'success' });
    },
    onError: afterFailure,
  });
  const removal = useApiMutation({
    mutationFn: async (wallet: Wallet) => {
      await api.deleteWallet(wallet.walletId);
    },
    onSuccess: async () => {
      await refresh();
      showToast({ message: t('trade.wallets.deleted'), kind: 'success' });
      setDeleting(null);
    },
    onError: (error) => {
      afterFailure(error);
      setDeleting(null);
    },
  });
  const busy = makeDefault.isPending || removal.isPending;

  let body;
  if (wallets.isError) {
    body = <ErrorView headingLevel={2} content={tradeErrorText(wallets.error, t)} onRetry={() => void wallets.refetch()} />;
  } else if (!wallets.data) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner size="lg" label={t('trade.loading')} />
      </div>
    );
  } else if (wallets.data.length === 0) {
    body = (
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4">
        <p className="text-sm text-fg">{t('trade.wallets.none')}</p>
        <Link to={`/${lng}/card-buy-sell`} className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('trade.wallets.buy')}
        </Link>
      </div>
    );
  } else {
    body = groupsOf(wallets.data).map((group) => {
      const headingId = `wallets-${group.crypto}-${group.network}`;
      return (
        <section key={headingId} aria-labelledby={headingId} className="flex flex-col gap-2">
          <h2 id={headingId} className="text-base font-semibold text-fg">
            {t('trade.wallets.group', { coin: group.crypto, network: networkName(group.crypto, group.network) })}
          </h2>
          <ul className="flex flex-col gap-2">
            {group.wallets.map((wallet) => (
              <li key={wallet.walletId} className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-3">
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    {wallet.label ? <span className="font-medium text-fg">{wallet.label}</span> : null}
                    {wallet.isDefault ? (
                      <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-fg">
                        {t('trade.wallets.default')}
                      </span>
                    ) : null}
                  </div>
                  <p className="font-mono text-sm break-all text-fg">{wallet.address}</p>
                  {wallet.memo ? <p className="text-xs break-all text-muted">{t('trade.wallets.memo', { memo: wallet.memo })}</p> : null}
                  {wallet.holder ? (
                    <p className="text-xs text-muted">
                      {t('trade.wallets.heldBy', {
                        holder: wallet.holder.walletType === 'VASP' ? (wallet.holder.vaspName ?? '') : t('trade.wallets.selfHosted'),
                      })}
                    </p>
                  ) : null}
                </div>
                {wallet.isDefault ? null : (
                  <div className="flex flex-wrap gap-2">
                    <GradientButton
                      variant="white"
                      className="min-h-10 px-3 text-sm"
                      disabled={busy}
                      aria-label={t('trade.wallets.makeDefaultNamed', { name: shortName(wallet) })}
                      onClick={() => makeDefault.mutate(wallet)}
                    >
                      {t('trade.wallets.makeDefault')}
                    </GradientButton>
                    <GradientButton
                      variant="white"
                      className="min-h-10 px-3 text-sm"
                      disabled={busy}
                      aria-label={t('trade.wallets.deleteNamed', { name: shortName(wallet) })}
                      onClick={() => setDeleting(wallet)}
                    >
                      {t('trade.wallets.delete')}
                    </GradientButton>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      );
    });
  }

  return (
    <section aria-labelledby="manage-wallet-title" className="mx-auto flex w-full max-w-[640px] min-w-0 flex-col gap-5 py-6">
      <div className="flex flex-col gap-2">
        <h1 id="manage-wallet-title" className="text-2xl font-semibold text-fg">
          {t('trade.wallets.title')}
        </h1>
        <p className="text-sm text-muted">{t('trade.wallets.intro')}</p>
      </div>
      {adding && catalogue.data ? (
        <AddWalletForm
          catalogue={catalogue.data}
          onSaved={async () => {
            await refresh();
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <GradientButton
          ref={addButton}
          variant="white"
          className="min-h-11 self-start px-4"
          disabled={!catalogue.data}
          onClick={() => setAdding(true)}
        >
          {t('trade.wallets.add')}
        </GradientButton>
      )}
      {body}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('trade.wallets.deleteTitle')}
        description={deleting ? t('trade.wallets.deleteText', { address: deleting.address }) : ''}
        confirmLabel={t('trade.wallets.delete')}
        cancelLabel={t('trade.cancel')}
        onConfirm={() => (deleting ? removal.mutateAsync(deleting).catch(() => undefined) : undefined)}
      />
    </section>
  );
}

export default ManageWalletPage;
