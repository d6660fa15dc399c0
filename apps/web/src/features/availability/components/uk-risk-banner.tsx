import { InfoIcon } from '@/ui/icons';
import { useTranslation } from '../texts';

/**
 * The UK risk notice (docs/rules/uk-and-countries.md, "The UK layout"): what a UK consumer is told before
 * crypto-assets are offered to them, under the header. The app's uk-notice.tsx decides when; its own chunk.
 */
export default function UkRiskBanner() {
  const { t } = useTranslation();
  return (
    <aside aria-label={t('availability.ukRisk.label')} className="border-b border-line bg-surface-2">
      <p className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm text-fg">
        <InfoIcon className="mt-0.5 shrink-0 text-danger" />
        <span>
          <strong className="font-semibold">{t('availability.ukRisk.title')}</strong> {t('availability.ukRisk.text')}
        </span>
      </p>
    </aside>
  );
}
