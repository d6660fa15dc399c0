import { useTranslation } from '../texts';

/** The coin and network being bought, as one button that opens the coin chooser. */
export function CoinField({ coin, name, networkName, onOpen }: { coin: string; name: string; networkName: string; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-col">
      <span aria-hidden="true" className="mb-1.5 text-sm font-medium text-fg">
        {t('trade.coin.label')}
      </span>
      {/*
        Named by its content, "Change" included (WCAG 2.5.3, axe label-content-name-mismatch): the
        field's label is hidden text inside it, and real spaces part the words, as the name joins them.
      */}
      <button
        type="button"
        onClick={onOpen}
        className="flex min-h-12 min-w-0 items-center justify-between gap-3 rounded-xl border border-line bg-surface px-3 text-left hover:bg-surface-2"
      >
        <span className="sr-only">{t('trade.coin.label')}</span>{' '}
        <span className="min-w-0 truncate text-fg">{t('trade.coin.current', { coin, name, network: networkName })}</span>{' '}
        <span className="shrink-0 text-sm font-medium text-primary">{t('trade.coin.change')}</span>
      </button>
    </div>
  );
}
