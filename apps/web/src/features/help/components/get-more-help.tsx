import type { HelpLocale } from '@causeway/contracts';
import { useState } from 'react';
import { useTranslation } from '../texts';
import { ConfirmDialog, GradientButton } from '@/ui';
import { useHelpLocale } from '../hooks/use-help-data';

/**
 * The full help site for a locale: VITE_HELP_SITE_URL (build time; default /help-centre, which
 * a deployment may proxy to its help desk) followed by the help-centre locale, e.g. /help-centre/en-us.
 */
export function helpSiteUrl(locale: HelpLocale): string {
  const base = (import.meta.env.VITE_HELP_SITE_URL as string | undefined) ?? '/help-centre';
  return `${base.replace(/\/+$/, '')}/${locale}`;
}

/**
 * Home's "Get more help" (docs/rules/screens.md): a confirmation first (Cancel / Continue), then the external
 * help site in a new tab that gets no handle on this page (noopener, noreferrer).
 */
export function GetMoreHelp() {
  const { t } = useTranslation();
  const locale = useHelpLocale();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <GradientButton variant="white" fullWidth onClick={() => setConfirming(true)}>
        {t('help.getMoreHelp.button')}
      </GradientButton>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('help.getMoreHelp.title')}
        description={t('help.getMoreHelp.description')}
        cancelLabel={t('help.getMoreHelp.cancel')}
        confirmLabel={t('help.getMoreHelp.continue')}
        onConfirm={() => {
          window.open(helpSiteUrl(locale), '_blank', 'noopener,noreferrer');
          setConfirming(false);
        }}
      />
    </>
  );
}
