import type { KybInfo } from '@causeway/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type BusinessVerificationState, businessVerificationState } from '@/lib/business-verification';
import { useCompanyHeader } from '@/lib/company-header';
import { PORTAL_HOME } from '@/lib/gating';

const STATE_TONE: Record<BusinessVerificationState, string> = {
  Pass: 'bg-success text-on-primary',
  Failed: 'bg-danger text-on-primary',
  Resubmitting: 'bg-danger text-on-primary',
  Processing: 'bg-info text-on-primary',
  Initial: 'bg-surface-2 text-muted',
};

/**
 * docs/rules/screens.md user menu, businesses: the business list, each company (one per account today)
 * with where its verification stands, opening the portal's home.
 */
export function BusinessList({ lng, fallbackKybInfo, onOpen }: { lng: string; fallbackKybInfo: KybInfo | null; onOpen: () => void }) {
  const { t } = useTranslation();
  // The company: the portal header's query (shared with the portal's header).
  const company = useCompanyHeader();
  const name = company.data?.companyName ?? null;
  const kybInfo = company.data?.kybInfo ?? fallbackKybInfo;
  const headingId = useId();
  const state = businessVerificationState(kybInfo);
  return (
    <div className="flex flex-col border-t border-line pt-2">
      <p id={headingId} className="px-3 pb-1 text-xs font-medium text-muted">
        {t('common.userMenu.business')}
      </p>
      <ul aria-labelledby={headingId}>
        <li>
          <Link
            to={`/${lng}/${PORTAL_HOME}`}
            onClick={onOpen}
            className="flex min-h-10 items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm text-fg hover:bg-surface-2"
          >
            <span className="min-w-0 font-medium break-words">{name ?? t('common.businessPortal')}</span>
            <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONE[state]}`}>
              {t(`common.userMenu.businessState.${state}`)}
            </span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
