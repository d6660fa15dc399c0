import { useTranslation } from 'react-i18next';
import { GradientButton } from '@/ui';

/** TwoFaTip: after sign-up, an invitation to add the authenticator. */
export function TwoFaTipStep({ onSetUp, onLater }: { onSetUp: () => void; onLater: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <GradientButton fullWidth onClick={onSetUp}>
        {t('auth.twoFaTip.setUp')}
      </GradientButton>
      <GradientButton fullWidth variant="outline" onClick={onLater}>
        {t('auth.twoFaTip.later')}
      </GradientButton>
    </div>
  );
}
