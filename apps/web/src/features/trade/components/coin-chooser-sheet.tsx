import { useState } from 'react';
import { useTranslation } from '../texts';
import { Sheet, TextInput } from '@/ui';
import { cx } from '@/ui/class-names';

export interface CoinChoice {
  currency: string;
  name: string;
  networks: Array<{ network: string; networkName: string }>;
}

export interface CoinChooserSheetProps {
  coins: CoinChoice[];
  selected: { crypto: string; network: string };
  onChoose: (crypto: string, network: string) => void;
  onClose: () => void;
}

/** The chooseCoin state: every coin offered with the chosen fiat, each with its networks, searchable by code, name or network. */
export function CoinChooserSheet({ coins, selected, onChoose, onClose }: CoinChooserSheetProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const shown = term
    ? coins.filter((coin) =>
        [coin.currency, coin.name, ...coin.networks.flatMap((n) => [n.network, n.networkName])].some((text) =>
          text.toLowerCase().includes(term),
        ),
      )
    : coins;
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()} title={t('trade.coin.chooseTitle')}>
      <div className="flex flex-col gap-3">
        <TextInput label={t('trade.coin.search')} type="search" value={search} onValueChange={setSearch} clearable autoComplete="off" />
        {shown.length === 0 ? (
          <p role="status" className="text-sm text-muted">
            {t('trade.coin.noMatch', { search: search.trim() })}
          </p>
        ) : null}
        <ul className="flex flex-col gap-2">
          {shown.map((coin) => (
            <li key={coin.currency} className="rounded-xl border border-line p-3">
              <p className="font-semibold text-fg">
                {coin.currency} <span className="font-normal text-muted">{coin.name}</span>
              </p>
              <div role="group" aria-label={t('trade.coin.networksOf', { coin: coin.currency })} className="mt-2 flex flex-wrap gap-2">
                {coin.networks.map((network) => {
                  const current = selected.crypto === coin.currency && selected.network === network.network;
                  return (
                    <button
                      key={network.network}
                      type="button"
                      aria-pressed={current}
                      aria-label={t('trade.coin.choose', { coin: coin.currency, network: network.networkName })}
                      onClick={() => onChoose(coin.currency, network.network)}
                      className={cx(
                        'min-h-10 rounded-full border px-3 text-sm',
                        current ? 'border-primary bg-surface-2 text-fg' : 'border-line text-fg hover:bg-surface-2',
                      )}
                    >
                      {network.networkName}
                    </button>
                  );
                })}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Sheet>
  );
}
