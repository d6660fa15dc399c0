import { ErrorCode } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { createAuthenticatorApi, decideAuthenticatorCheck } from '@/lib/authenticator-api';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { useHttpClient } from '@/lib/http-context';
import { isApiError, isError, isLocked } from '@/lib/http-errors';
import type { CodeRefused } from '../components/withdraw-code-modal';
import { WRONG_CODE_ERRORS } from '../withdraw-errors';
import { BALANCES_KEY, type BankCurrency } from './use-banking';
import { BANK_ACTIVITY_KEY, useSubmitWithdraw, type Withdrawal } from './use-withdraw';

/** Where withdrawing stands: the form, the authenticator (status asked, bind, code), then submit-withdraw. */
export type WithdrawPhase = 'form' | 'checking' | 'bind' | 'code' | 'sending';

/** What the person asked for, fixed when they pressed Withdraw: the code step sends exactly this. */
export interface WithdrawTerms {
  currency: BankCurrency;
  amount: string;
  bankAccountId: string;
}

/** Why the form says no: a refusal of a call, or the bind step left (an authenticator is required). */
export type WithdrawRefusal = { error: unknown } | { bindLeft: true } | null;

/**
 * The authenticator check and submit-withdraw, as the sell form runs them (docs/rules/order-states.md):
 * binding status for WITHDRAW; none bound → the bind modal, then the code; one bound → the code,
 * sent with submit-withdraw itself. One withdrawId per attempt: the server frees it on a refusal,
 * so it is kept across a lost answer (the retry answers the first answer) and renewed after a
 * refusal, whose retry may carry other terms.
 */
export function useWithdrawSubmit(onSubmitted: (withdrawal: Withdrawal) => void) {
  const client = useHttpClient();
  const queries = useQueryClient();
  const authenticator = useMemo(() => createAuthenticatorApi(client), [client]);
  const submit = useSubmitWithdraw();
  const [withdrawId, setWithdrawId] = useState(() => crypto.randomUUID());
  const [phase, setPhase] = useState<WithdrawPhase>('form');
  const [terms, setTerms] = useState<WithdrawTerms | null>(null);
  const [refusal, setRefusal] = useState<WithdrawRefusal>(null);
  const [codeError, setCodeError] = useState<CodeRefused>(null);
  const [email, setEmail] = useState('');
  // A code on its way: the code modal stays open (its boxes disabled) rather than closing and opening again.
  const [codeSent, setCodeSent] = useState(false);

  // submit-withdraw is not silent: the client's own reactions (a dead session → sign-in) come first.
  const refuse = (error: unknown) => {
    if (isApiError(error) && error.kind === 'business') setWithdrawId(crypto.randomUUID());
    if (isError(error, ErrorCode.InsufficientBalance)) void queries.invalidateQueries({ queryKey: BALANCES_KEY });
    if (isError(error, ErrorCode.BankAccountNotFound)) void queries.invalidateQueries({ queryKey: ['bank-accounts'] });
    setRefusal({ error });
    setPhase('form');
  };

  const send = async (asked: WithdrawTerms, otpCode?: string) => {
    setPhase('sending');
    setCodeSent(Boolean(otpCode));
    try {
      const withdrawal = await submit({ withdrawId, ...asked, ...(otpCode ? { otpType: 'GA_OTP' as const, otpCode } : {}) });
      void queries.invalidateQueries({ queryKey: BALANCES_KEY });
      void queries.invalidateQueries({ queryKey: BANK_ACTIVITY_KEY });
      onSubmitted(withdrawal);
    } catch (error) {
      if (otpCode && isLocked(error)) return (setCodeError('locked'), setPhase('code'));
      if (otpCode && isError(error, ...WRONG_CODE_ERRORS)) return (setCodeError('invalid'), setPhase('code'));
      if (!otpCode && isError(error, ErrorCode.AuthenticatorCodeRequiredForOrder)) return (setCodeError(null), setPhase('code'));
      refuse(error);
    }
  };

  /** Withdraw pressed with valid terms: the authenticator check first (the Roma channel asks for none). */
  const start = async (asked: WithdrawTerms) => {
    setTerms(asked);
    setRefusal(null);
    setPhase('checking');
    try {
      const status = await authenticator.bindingStatus('WITHDRAW');
      const step = decideAuthenticatorCheck(status, getSharedCookie(COOKIE_NAMES.isRoma) === 'true');
      if (step === 'none') return await send(asked);
      setEmail(status.email);
      setCodeError(null);
      setPhase(step === 'bind' ? 'bind' : 'code');
    } catch (error) {
      refuse(error);
    }
  };

  return {
    phase,
    /** Whether the code modal shows: asking for the code, or while the code typed is checked. */
    codeOpen: phase === 'code' || (phase === 'sending' && codeSent),
    terms,
    refusal,
    codeError,
    email,
    authenticator,
    start,
    /** The code typed into the code modal. */
    sendCode: (code: string) => (terms ? void send(terms, code) : undefined),
    /** The bind modal's Done: the code of the newly bound authenticator comes next. */
    bound: () => setPhase('code'),
    /** A modal closed: back to the form; leaving the bind step says why it was asked for. */
    cancel: () => {
      if (phase === 'bind') setRefusal({ bindLeft: true });
      setPhase('form');
    },
  };
}
