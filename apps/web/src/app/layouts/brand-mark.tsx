import { useTranslation } from 'react-i18next';

/**
 * The Causeway mark and name; decorative mark, readable name. `compact`: on phones only the mark
 * is seen (the name stays for screen readers), where a header has one row for everything.
 */
export function BrandMark({ label, compact = false }: { label?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-fg">
      <svg viewBox="0 0 32 32" aria-hidden="true" className="h-7 w-7">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M7 20h18M9 20v-6M16 20v-8M23 20v-6M7 12c3-4 15-4 18 0"
          className="stroke-on-primary"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span className={compact ? 'max-sm:sr-only' : undefined}>{label ?? t('common.appName')}</span>
    </span>
  );
}
