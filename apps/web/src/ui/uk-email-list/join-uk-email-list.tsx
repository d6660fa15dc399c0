import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UkEmailListJoin } from '@/lib/uk-email-list';
import { GradientButton } from '../gradient-button.tsx';
import { CheckCircleIcon } from '../icons.tsx';

/**
 * The join action of the UK mailing list, as the UK login notice and the join-mailing-list page
 * show it: "Join the list" (busy while the call runs), then the confirmation, or an inline error
 * with "Try again" (the call is silent, so nothing else reports a failure). Give it the state of
 * `useJoinUkEmailList()`; render it only when `canJoin`.
 */
export function JoinUkEmailList({ join }: { join: UkEmailListJoin }) {
  const { t } = useTranslation();
  const { state } = join;
  const confirmation = useRef<HTMLParagraphElement>(null);
  const isJoined = state.status === 'joined';

  // The button goes away once joined: keep keyboard focus in place by moving it to the answer.
  useEffect(() => {
    if (isJoined) confirmation.current?.focus();
  }, [isJoined]);

  return (
    <div className="flex flex-col gap-3">
      {/* Always mounted, so the polite live region exists before a message appears in it. */}
      <div aria-live="polite" className="empty:hidden">
        {state.status === 'joined' && (
          <p
            ref={confirmation}
            tabIndex={-1}
            className="flex items-start gap-2 rounded-xl bg-surface-2 px-4 py-3 text-sm text-fg outline-none"
          >
            <CheckCircleIcon className="shrink-0 text-success" />
            {t(state.alreadyJoined ? 'common.ukEmailList.alreadyJoined' : 'common.ukEmailList.joined')}
          </p>
        )}
        {state.status === 'failed' && <p className="text-sm text-danger">{t('common.ukEmailList.failed')}</p>}
      </div>
      {/* One element from idle to failed, so focus stays on it when its label turns into "Try again". */}
      {!isJoined && (
        <GradientButton fullWidth loading={state.status === 'joining'} onClick={() => void join.join()}>
          {t(state.status === 'failed' ? 'common.ukEmailList.retry' : 'common.ukEmailList.join')}
        </GradientButton>
      )}
    </div>
  );
}
