import { CARD_READD_WAIT_HOURS } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../texts';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog, ErrorView, GradientButton, Sheet, showToast, Spinner } from '@/ui';
import type { Card } from '../api/trade-api';
import { CARDS_KEY, useCards, useTradeApi } from '../api/trade-queries';
import { expiryOf, maskedNumberOf } from '../card-rules';
import { tradeErrorText } from '../trade-errors';
import { CardBadge } from './card-badge';

/** Manage cards: every saved card (masked, network, expiry) with Delete behind a confirmation. */
export function ManageCardsSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const api = useTradeApi();
  const queries = useQueryClient();
  const cards = useCards();
  const [deleting, setDeleting] = useState<Card | null>(null);
  const removal = useApiMutation({
    mutationFn: async (card: Card) => {
      await api.deleteCard(card.cardId);
    },
    // The list is asked again before the toast, so the card is gone when it says so.
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: CARDS_KEY });
      showToast({ message: t('trade.card.deleted'), kind: 'success' });
      setDeleting(null);
    },
    onError: () => setDeleting(null),
  });
  const error = removal.error ? tradeErrorText(removal.error, t) : undefined;

  let body;
  if (cards.isError) body = <ErrorView headingLevel={2} content={tradeErrorText(cards.error, t)} onRetry={() => void cards.refetch()} />;
  else if (!cards.data)
    body = (
      <div className="flex justify-center py-8">
        <Spinner size="lg" />
      </div>
    );
  else if (cards.data.cards.length === 0) body = <p className="text-sm text-muted">{t('trade.card.none')}</p>;
  else {
    body = (
      <ul className="flex flex-col gap-2">
        {cards.data.cards.map((card) => (
          <li key={card.cardId} className="flex min-w-0 items-center gap-3 rounded-xl border border-line p-3">
            <CardBadge network={card.cardProcessor} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-fg">{maskedNumberOf(card)}</p>
              <p className="text-xs text-muted">
                {t('trade.card.expires', { expiry: expiryOf(card) })}
                {card.enabled ? '' : ` · ${t('trade.card.disabled')}`}
              </p>
            </div>
            <GradientButton
              variant="white"
              className="min-h-10 px-3 text-sm"
              aria-label={t('trade.card.deleteNamed', { last4: card.cardLast4 })}
              onClick={() => setDeleting(card)}
            >
              {t('trade.card.delete')}
            </GradientButton>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Sheet open onOpenChange={(open) => !open && onClose()} title={t('trade.card.manageTitle')}>
      <div className="flex flex-col gap-3">
        {body}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('trade.card.deleteTitle')}
        description={t('trade.card.deleteText', { hours: CARD_READD_WAIT_HOURS })}
        confirmLabel={t('trade.card.delete')}
        cancelLabel={t('trade.cancel')}
        onConfirm={() => (deleting ? removal.mutateAsync(deleting).catch(() => undefined) : undefined)}
      />
    </Sheet>
  );
}
