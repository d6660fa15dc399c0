import { cardNetworkName } from '@/lib/card-networks';
import type { Card } from '../api/trade-api';

/** The card network as a small badge (brand names are the same in every language). */
export function CardBadge({ network }: { network: Card['cardProcessor'] }) {
  return (
    <span className="inline-flex h-6 shrink-0 items-center rounded-md border border-line bg-surface-2 px-1.5 text-xs font-bold tracking-wide text-fg">
      {cardNetworkName(network)}
    </span>
  );
}
