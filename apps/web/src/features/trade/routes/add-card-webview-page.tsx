import { useState } from 'react';
import { useTranslation } from '../texts';
import { notifyHost } from '@/lib/webview-bridge';
import { CheckCircleIcon } from '@/ui';
import type { Card } from '../api/trade-api';
import { AddCardPanel } from '../components/add-card-panel';
import { maskedNumberOf } from '../card-rules';

/** What the embedding app hears when a card was added (the webview has no page to go back to). */
export const CARD_ADDED_MESSAGE = 'causeway:card-added';

/**
 * add-card-webview: the card form alone, for apps that open it in a webview (docs/rules/screens.md: no login
 * chrome). The session token the app set still authenticates the calls.
 */
export function AddCardWebviewPage() {
  const { t } = useTranslation();
  const [added, setAdded] = useState<Card | null>(null);
  const finish = (card: Card) => {
    setAdded(card);
    // Only the card id and its masked form: never the number.
    notifyHost({ type: CARD_ADDED_MESSAGE, cardId: card.cardId });
  };
  return (
    <section aria-labelledby="add-card-title" className="mx-auto flex w-full max-w-[480px] min-w-0 flex-col gap-4 px-4 py-6">
      <h1 id="add-card-title" className="text-2xl font-semibold text-fg">
        {t('trade.card.addTitle')}
      </h1>
      {added ? (
        <p role="status" className="flex items-center gap-2 rounded-xl bg-surface-2 p-4 text-fg">
          <CheckCircleIcon className="size-5 shrink-0 text-success" />
          {t('trade.card.addedNamed', { card: maskedNumberOf(added) })}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">{t('trade.card.addDescription')}</p>
          <AddCardPanel onAdded={finish} />
        </>
      )}
    </section>
  );
}

export default AddCardWebviewPage;
