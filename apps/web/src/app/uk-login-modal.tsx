import { lazy, Suspense, useEffect, useState } from 'react';
import { type UkLoginNoticeState, ukLoginNotice } from './uk-login-store';

const UkLoginDialog = lazy(() => import('./uk-login-dialog'));

const CLOSED: UkLoginNoticeState = { open: false, ticket: null };

/**
 * docs/rules/errors.md, code 10000041: the UK login notice (UKLoginTitle, UKLoginTips). Mounted once by the
 * app; the dialog's code loads only when the notice opens, keeping it out of the first download. The
 * answer's list ticket goes to the dialog, so a person refused at sign-in can still join the UK list.
 */
export function UkLoginModal() {
  const [notice, setNotice] = useState<UkLoginNoticeState>(CLOSED);
  useEffect(() => ukLoginNotice.subscribe(setNotice), []);
  if (!notice.open) return null;
  return (
    <Suspense fallback={null}>
      {/* A new notice (another ticket) starts the dialog afresh. */}
      <UkLoginDialog key={notice.ticket ?? 'session'} ticket={notice.ticket} onClose={() => setNotice(CLOSED)} />
    </Suspense>
  );
}
