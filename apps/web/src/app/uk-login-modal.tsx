import { lazy, Suspense, useEffect, useState } from 'react';
import { ukLoginNotice } from './uk-login-store';

const UkLoginDialog = lazy(() => import('./uk-login-dialog'));

/**
 * docs/rules/errors.md, code 10000041: the UK login notice (UKLoginTitle, UKLoginTips). Mounted once by the
 * app; the dialog's code loads only when the notice opens, keeping it out of the first download.
 */
export function UkLoginModal() {
  const [open, setOpen] = useState(false);
  useEffect(() => ukLoginNotice.subscribe(setOpen), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <UkLoginDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
