import { type AddCardWaitReason, MAX_CARDS } from '@causeway/contracts';
import { useTranslation } from '../texts';
import { formatDateTime } from '@/lib/date-format';
import { ErrorView, Spinner } from '@/ui';
import type { Card } from '../api/trade-api';
import { useCards } from '../api/trade-queries';
import { tradeErrorText } from '../trade-errors';
import { AddCardForm } from './add-card-form';

/** The wait with its reason, so nobody is left to guess why (a server that does not say: the date alone). */
const WAIT_TEXT: Record<AddCardWaitReason | 'UNSAID', string> = {
  SECURITY_CHANGE: 'trade.card.availableAfterSecurityChange',
  CARD_DELETED: 'trade.card.availableAfterDelete',
  UNSAID: 'trade.card.availableAt',
};

/**
 * The card form, unless no card may be added now: at most 5 cards (docs/rules/limits.md), and none for 48 h
 * after a delete or 24 h after a password or authenticator change (the list's addCardAvailableAt,
 * said with its addCardWaitReason).
 */
export function AddCardPanel({ onAdded }: { onAdded: (card: Card) => void }) {
  const { t, i18n } = useTranslation();
  const cards = useCards();
  if (cards.isError) return <ErrorView headingLevel={2} content={tradeErrorText(cards.error, t)} onRetry={() => void cards.refetch()} />;
  if (!cards.data)
    return (
      <div className="flex justify-center py-8">
        <Spinner size="lg" />
      </div>
    );
  const max = cards.data.maxCards || MAX_CARDS;
  if (cards.data.cards.length >= max)
    return (
      <p role="status" className="rounded-xl bg-surface-2 p-4 text-sm text-fg">
        {t('trade.card.maxReached', { max })}
      </p>
    );
  if (cards.data.addCardAvailableAt) {
    const date = formatDateTime(cards.data.addCardAvailableAt, i18n.language);
    return (
      <p role="status" className="rounded-xl bg-surface-2 p-4 text-sm text-fg">
        {t(WAIT_TEXT[cards.data.addCardWaitReason ?? 'UNSAID'], { date })}
      </p>
    );
  }
  return <AddCardForm onAdded={onAdded} />;
}
