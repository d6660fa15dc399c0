import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GradientButton } from '@/ui';
import { TermsCheckbox } from './terms-checkbox';

export interface SignupStepProps {
  email: string;
  suggestedEmail: string | null;
  privateRelay: boolean;
  onContinue: (termsAccepted: boolean) => void;
  onUseSuggestion: (email: string) => void;
  onChangeEmail: () => void;
}

/** signup: a new address. Terms checked by default (docs/rules/entities.md); Continue emails the code. */
export function SignupStep({ email, suggestedEmail, privateRelay, onContinue, onUseSuggestion, onChangeEmail }: SignupStepProps) {
  const { t } = useTranslation();
  const [terms, setTerms] = useState(true);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg">{t('auth.signupIntro', { email })}</p>
      {suggestedEmail ? (
        <button
          type="button"
          onClick={() => onUseSuggestion(suggestedEmail)}
          className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('auth.didYouMean', { email: suggestedEmail })}
        </button>
      ) : null}
      {privateRelay ? (
        <p role="note" className="rounded-xl bg-surface-2 p-3 text-sm text-fg">
          {t('auth.privateRelay')}
        </p>
      ) : null}
      <TermsCheckbox checked={terms} onChange={setTerms} />
      <GradientButton fullWidth showContinueArrow variant={terms ? 'primary' : 'inactive'} onClick={() => onContinue(terms)} />
      <button type="button" onClick={onChangeEmail} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        {t('auth.useAnotherEmail')}
      </button>
    </div>
  );
}
