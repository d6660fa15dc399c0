import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttpClient } from '@/lib/http-context';
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

/**
 * signup: a new address. Terms checked by default (docs/rules/entities.md); Continue emails the code. Each choice of
 * the box, and Continue, sends the pre-login agreement log (docs/rules/agreements.md).
 */
export function SignupStep({ email, suggestedEmail, privateRelay, onContinue, onUseSuggestion, onChangeEmail }: SignupStepProps) {
  const { t } = useTranslation();
  const [terms, setTerms] = useState(true);
  const http = useHttpClient();
  // When the terms appeared: the pre-login agreement log says how long they were seen (set after the first render).
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, []);
  /** Each choice is logged: ticking or unticking the box, and continuing with it ticked. */
  const log = (agree: boolean) => {
    const viewTimeMs = Date.now() - shownAt.current;
    // The log's code loads only now (the sign-in page's first load stays within its budget); it never holds the step up.
    void import('@/lib/agreement-log').then((module) => module.sendAgreementLog(http, { email, agree, viewTimeMs })).catch(() => undefined);
  };
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
      <TermsCheckbox
        checked={terms}
        onChange={(checked) => {
          setTerms(checked);
          log(checked);
        }}
      />
      <GradientButton
        fullWidth
        showContinueArrow
        variant={terms ? 'primary' : 'inactive'}
        onClick={() => {
          log(terms);
          onContinue(terms);
        }}
      />
      <button type="button" onClick={onChangeEmail} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        {t('auth.useAnotherEmail')}
      </button>
    </div>
  );
}
