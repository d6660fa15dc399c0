import { useState } from 'react';
import { GradientButton, Modal } from '@/ui';
import type { MerchantKey } from '../api/merchant-console-api';
import { useTranslation } from '../texts';

/** How long the old key may keep working after a roll, in hours: the server takes 0 to 72 (MAX_KEY_OVERLAP_HOURS). */
export const OVERLAP_HOURS = [0, 1, 24, 72] as const;

/**
 * Rolling a key: how long the old one keeps working, so the merchant deploys the new one first
 * (24 hours unless changed; "now" for a key believed stolen). Roll hands the choice on.
 */
export function RollKeyDialog({
  keyItem,
  onRoll,
  onClose,
}: {
  keyItem: MerchantKey;
  onRoll: (expiresInHours: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [hours, setHours] = useState<number>(24);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('merchantConsole.keys.rollTitle')}
      description={t('merchantConsole.keys.rollText', { key: keyItem.apiKey })}
      width="md"
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onRoll(hours);
        }}
      >
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-2 text-sm font-medium text-fg">{t('merchantConsole.keys.overlap.legend')}</legend>
          {OVERLAP_HOURS.map((option) => (
            <label key={option} className="flex min-h-10 items-center gap-3 rounded-lg px-2 text-sm text-fg hover:bg-surface-2">
              <input
                type="radio"
                name="overlap"
                value={option}
                checked={hours === option}
                onChange={() => setHours(option)}
                className="size-4 accent-primary"
              />
              {t(`merchantConsole.keys.overlap.${option}`)}
            </label>
          ))}
        </fieldset>
        <div className="flex gap-3">
          <GradientButton variant="outline" fullWidth onClick={onClose}>
            {t('merchantConsole.cancel')}
          </GradientButton>
          <GradientButton type="submit" fullWidth>
            {t('merchantConsole.keys.roll')}
          </GradientButton>
        </div>
      </form>
    </Modal>
  );
}
