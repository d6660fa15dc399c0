import { MAX_CARDS } from '@causeway/contracts';
import { useState } from 'react';
import { useTranslation } from '../texts';
import { cx } from '@/ui/class-names';
import type { CardList } from '../api/trade-api';
import { expiryOf, isUsableCard, maskedNumberOf } from '../card-rules';
import { CardBadge } from './card-badge';

export interface CardSelectorProps {
  cards: CardList;
  selectedId: string | null;
  onSelect: (cardId: string) => void;
  onAdd: () => void;
  onManage: () => void;
  error?: string | undefined;
  /** The fieldset's name: "Pay with card" (a buy) unless said otherwise ("Pay out to", a sell). */
  legend?: string | undefined;
}

const linkButton = 'min-h-10 rounded-lg px-2 text-sm font-medium text-primary underline-offset-4 hover:underline';

/** Pay with: the saved cards as radio buttons (masked numbers), Add card and Manage cards. */
export function CardSelector({ cards, selectedId, onSelect, onAdd, onManage, error, legend }: CardSelectorProps) {
  const { t } = useTranslation();
  const [now] = useState(() => new Date());
  const canAdd = cards.cards.length < (cards.maxCards || MAX_CARDS);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? 'card-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{legend ?? t('trade.card.payWith')}</legend>
      {cards.cards.length === 0 ? <p className="text-sm text-muted">{t('trade.card.none')}</p> : null}
      {cards.cards.map((card) => {
        const usable = isUsableCard(card, now);
        return (
          <label
            key={card.cardId}
            className={cx(
              'flex min-h-12 min-w-0 items-center gap-3 rounded-xl border px-3 py-2 focus-within:ring-2 focus-within:ring-focus',
              selectedId === card.cardId ? 'border-primary' : 'border-line',
              usable ? 'cursor-pointer' : 'opacity-60',
            )}
          >
            <input
              type="radio"
              name="cardId"
              value={card.cardId}
              checked={selectedId === card.cardId}
              disabled={!usable}
              onChange={() => onSelect(card.cardId)}
              className="size-4 accent-primary"
            />
            <CardBadge network={card.cardProcessor} />
            <span className="min-w-0 flex-1 truncate text-fg">{maskedNumberOf(card)}</span>
            <span className="shrink-0 text-xs text-muted">
              {usable ? expiryOf(card) : t(card.enabled ? 'trade.card.expired' : 'trade.card.disabled')}
            </span>
          </label>
        );
      })}
      {error ? (
        <p id="card-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canAdd ? (
          <button type="button" className={linkButton} onClick={onAdd}>
            {t('trade.card.add')}
          </button>
        ) : (
          <p className="text-sm text-muted">{t('trade.card.maxReached', { max: cards.maxCards || MAX_CARDS })}</p>
        )}
        {cards.cards.length > 0 ? (
          <button type="button" className={linkButton} onClick={onManage}>
            {t('trade.card.manage')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
