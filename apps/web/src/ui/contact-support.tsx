import { useTranslation } from 'react-i18next';
import { canOpenSupportForm, openSupportForm } from '@/lib/support-form';
import { GradientButton } from './gradient-button.tsx';

/**
 * The way on from a final outcome (verification failed, account closed): what happens next, and
 * a button that opens the help widget's support form about `topic`. Without the widget (the Roma
 * channel) only the sentence shows: a button there would do nothing.
 */
export function ContactSupport({ topic }: { topic: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t('ui.contactSupport.next')}</p>
      {canOpenSupportForm() ? (
        <GradientButton fullWidth aria-haspopup="dialog" onClick={() => openSupportForm(topic)}>
          {t('ui.contactSupport.action')}
        </GradientButton>
      ) : null}
    </div>
  );
}
