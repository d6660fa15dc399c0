import { CALL_ROUTES, type LoginMode } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog } from '@/ui';
import { CONFIG_KEYS, useServiceModes } from '../api/config-api';
import { useDeskCall } from '../api/desk-api';
import { useTranslation } from '../texts';
import { ChangeStatus, LastChange, OnOffSwitch } from './config-parts';
import { cardClass, itemClass, titleClass } from './desk-classes';
import { QueryBody } from './screen-parts';

interface ModeSwitch {
  mode: LoginMode;
  kind: 'maintenance' | 'ukOpen';
  on: boolean;
}

/**
 * Each sign-in mode's two switches (docs/rules/uk-and-countries.md): maintenance (the mode's sign-ins and
 * signed-in calls answer 10000047) and its opening to the UK. Turning maintenance on shuts people out, so it is
 * asked again first; everything else switches at once. The server audits each switch.
 */
export function ServiceModesSection({ lng }: { lng: string }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const modes = useServiceModes();
  const headingId = useId();
  const [said, setSaid] = useState<string>();
  const [confirming, setConfirming] = useState<LoginMode | null>(null);
  const modeName = (mode: LoginMode) => t(`desk.config.modes.${mode}`);

  const change = useApiMutation({
    mutationFn: (input: ModeSwitch) =>
      input.kind === 'maintenance'
        ? call(CALL_ROUTES.deskSetMaintenance, { mode: input.mode, on: input.on })
        : call(CALL_ROUTES.deskSetUkOpen, { mode: input.mode, open: input.on }),
    onMutate: () => setSaid(undefined),
    // A refused change may mean the page is behind (a setting removed meanwhile): read the list again.
    onError: () => void queries.invalidateQueries({ queryKey: CONFIG_KEYS.serviceModes }),
    onSuccess: (_answer, input) => {
      const what = input.kind === 'maintenance' ? (input.on ? 'maintenanceOn' : 'maintenanceOff') : input.on ? 'ukOpened' : 'ukClosed';
      setSaid(t(`desk.config.serviceModes.${what}`, { mode: modeName(input.mode) }));
      void queries.invalidateQueries({ queryKey: CONFIG_KEYS.serviceModes });
    },
  });

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={titleClass}>
        {t('desk.config.serviceModes.title')}
      </h2>
      <p className="text-sm text-muted">{t('desk.config.serviceModes.intro')}</p>
      <ChangeStatus said={said} error={change.isError ? change.error : null} />
      <QueryBody query={modes}>
        {(answer) => (
          <ul className="flex flex-col gap-3">
            {answer.modes.map((state) => (
              <li key={state.mode} className={itemClass}>
                <h3 className="text-sm font-semibold text-fg">{modeName(state.mode)}</h3>
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <span className="text-sm text-fg">{t('desk.config.serviceModes.maintenance')}</span>
                  <OnOffSwitch
                    on={state.maintenance}
                    label={t('desk.config.serviceModes.maintenanceOf', { mode: modeName(state.mode) })}
                    disabled={change.isPending}
                    onToggle={(on) => (on ? setConfirming(state.mode) : change.mutate({ mode: state.mode, kind: 'maintenance', on }))}
                  />
                </div>
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <span className="text-sm text-fg">{t('desk.config.serviceModes.ukOpen')}</span>
                  <OnOffSwitch
                    on={state.ukOpen}
                    label={t('desk.config.serviceModes.ukOpenOf', { mode: modeName(state.mode) })}
                    disabled={change.isPending}
                    onToggle={(on) => change.mutate({ mode: state.mode, kind: 'ukOpen', on })}
                  />
                </div>
                <LastChange updatedBy={state.updatedBy} updatedAt={state.updatedAt} lng={lng} />
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('desk.config.serviceModes.confirmTitle', { mode: confirming ? modeName(confirming) : '' })}
        description={t('desk.config.serviceModes.confirmText')}
        confirmLabel={t('desk.config.serviceModes.confirm')}
        cancelLabel={t('desk.config.cancel')}
        onConfirm={async () => {
          if (!confirming) return;
          try {
            await change.mutateAsync({ mode: confirming, kind: 'maintenance', on: true });
          } catch {
            // Said in the section's status line (change.error).
          } finally {
            setConfirming(null);
          }
        }}
      />
    </section>
  );
}
