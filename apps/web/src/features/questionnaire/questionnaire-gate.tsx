import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useAccountInfo } from '@/lib/account-info';
import { stripLocale } from '@/lib/locale-path';
import { storedMode } from '@/lib/mode';
import { createSessionStore } from '@/lib/session';
import { useLoginStatus } from '@/lib/target-entity';
import type { QuestionnaireCloseReason } from './components/questionnaire-dialog';
import { doneCheckOf, questionnaireDue, rememberDoneCheck, storedDoneCheck } from './questionnaire-trigger';

// The dialog, its form and its texts: their own chunk, fetched only when the questionnaire is due.
const QuestionnaireDialog = lazy(() => import('./components/questionnaire-dialog').then((m) => ({ default: m.QuestionnaireDialog })));

/**
 * spec §4 questionnaire trigger, on every signed-in page with chrome: the layouts load this after the page (its own
 * chunk). It reads the account info every page shares; when a questionnaire is due (questionnaireDue) it opens the
 * dialog. Closing the dialog, answered or not, stores this session's doneCheck: it stays closed for the token.
 */
export default function QuestionnaireGate() {
  const { pathname } = useLocation();
  const status = useLoginStatus();
  const signedIn = status.data?.isLogin === true;
  const mode = storedMode();
  const account = useAccountInfo(mode, { enabled: signedIn });
  // Hidden for this page load only: the questions could not be loaded, or none is asked after all.
  const [hidden, setHidden] = useState(false);
  const [, setClosed] = useState(0);
  if (!signedIn || !account.data || hidden) return null;
  const token = createSessionStore().getToken(mode)?.token;
  const doneCheck = token ? doneCheckOf(token) : undefined;
  if (!questionnaireDue(account.data, { path: stripLocale(pathname), doneCheck, storedFlag: storedDoneCheck() })) return null;

  const close = (reason: QuestionnaireCloseReason) => {
    // Without a session token there is no flag to store: hidden for this page load.
    if (reason === 'failed' || reason === 'none' || !doneCheck) return setHidden(true);
    rememberDoneCheck(doneCheck);
    // The stored flag is read on the next render: it is due no more.
    setClosed((count) => count + 1);
  };
  return (
    <Suspense fallback={null}>
      <QuestionnaireDialog onClose={close} />
    </Suspense>
  );
}
