import { useTranslation } from '../texts';
import { Sheet } from '@/ui';
import type { Card } from '../api/trade-api';
import { AddCardPanel } from './add-card-panel';

/** The card form in a sheet over the trade page (loaded when first opened). */
export function AddCardSheet({ onClose, onAdded }: { onClose: () => void; onAdded: (card: Card) => void }) {
  const { t } = useTranslation();
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()} title={t('trade.card.addTitle')} description={t('trade.card.addDescription')}>
      <AddCardPanel onAdded={onAdded} />
    </Sheet>
  );
}
