import { CALL_ROUTES } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApiMutation } from '@/lib/use-api-mutation';
import { DESK_KEYS, useDeskCall, useOperators } from '../api/desk-api';
import { deskErrorText } from '../desk-errors';
import type { DeskScreenProps } from '../desk-screens';
import { useTranslation } from '../texts';
import { cardClass, dangerButtonClass, itemClass, smallButtonClass } from './desk-classes';
import { QueryBody, ScreenHeader } from './screen-parts';

/**
 * The operators (docs/rules/operator-desk.md "Screens", admin only): who may sign in, their role and
 * whether their authenticator is set up; disabling one ends their sessions. Each change is audited by the server.
 */
export function OperatorsScreen({ operator: me }: DeskScreenProps) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const operators = useOperators();
  const headingId = useId();
  const [said, setSaid] = useState<string>();
  const change = useApiMutation({
    mutationFn: (input: { operatorId: string; email: string; status: 'Active' | 'Disabled' }) =>
      call(CALL_ROUTES.deskOperatorStatus, { operatorId: input.operatorId, status: input.status }),
    onSuccess: (_answer, input) => {
      setSaid(t('desk.operators.changed', { email: input.email, status: t(`desk.operators.statuses.${input.status}`) }));
      void queries.invalidateQueries({ queryKey: DESK_KEYS.operators });
    },
  });
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={headingId} title={t('desk.operators.title')} intro={t('desk.operators.intro')} />
      <p role="status" className="text-sm text-fg empty:hidden">
        {change.isError ? <span className="text-danger">{deskErrorText(change.error, t)}</span> : (said ?? null)}
      </p>
      <QueryBody query={operators}>
        {(answer) => (
          <ul className={cardClass}>
            {answer.operators.map((operator) => {
              const disabling = operator.status === 'Active';
              return (
                <li key={operator.operatorId} className={itemClass}>
                  <p className="text-sm font-semibold break-all text-fg">
                    {operator.displayName} · {operator.email}
                  </p>
                  <p className="text-sm text-fg">
                    {[
                      t(`desk.roles.${operator.role}`),
                      t(`desk.operators.statuses.${operator.status}`),
                      operator.enrolled ? t('desk.operators.enrolled') : t('desk.operators.notEnrolled'),
                    ].join(' · ')}
                  </p>
                  {operator.operatorId === me.operatorId ? (
                    <p className="text-xs text-muted">{t('desk.operators.you')}</p>
                  ) : (
                    <button
                      type="button"
                      className={`${disabling ? dangerButtonClass : smallButtonClass} self-start`}
                      disabled={change.isPending}
                      aria-label={
                        disabling
                          ? t('desk.operators.disable', { email: operator.email })
                          : t('desk.operators.enable', { email: operator.email })
                      }
                      onClick={() =>
                        change.mutate({ operatorId: operator.operatorId, email: operator.email, status: disabling ? 'Disabled' : 'Active' })
                      }
                    >
                      {disabling ? t('desk.operators.disableButton') : t('desk.operators.enableButton')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryBody>
    </section>
  );
}

export default OperatorsScreen;
