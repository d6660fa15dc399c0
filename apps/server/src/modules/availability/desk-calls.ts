import { CALLS, type LoginMode } from '@causeway/contracts';
import type { DeskActor, DeskFace } from '../desk/index.ts';
import type { AvailabilityService, ServiceModeState } from './availability.service.ts';

/** What a mode's switch answers the desk: the mode as it was and as it is now, under the switch's name. */
export interface ServiceModeChange {
  setting: string;
  before: ServiceModeState | null;
  after: ServiceModeState;
}

/**
 * The Service screen's service-mode calls (docs/rules/operator-desk.md "Service"), admin only (`config:change`).
 * Registered here, by the module that owns the switches: availability comes after desk in MODULES, so the desk's
 * face is there at its register time (the pairs and feature switches, of modules before desk, are registered by
 * the desk itself: modules/desk/config-calls.ts). Each switch goes through `desk.act`: the mode as it was is read
 * inside the same transaction as the switch, and both are the audit row's details.
 */
export function registerAvailabilityDeskCalls(desk: DeskFace, service: AvailabilityService): void {
  desk.registerCall(CALLS.deskServiceModes, { permission: 'config:change', action: 'config.service-modes' }, async () => ({
    modes: await service.serviceModes(),
  }));

  const turn = (
    actor: DeskActor,
    mode: LoginMode,
    name: 'maintenance' | 'uk-open',
    action: string,
    apply: () => Promise<ServiceModeState>,
  ) =>
    desk.act<ServiceModeChange>(
      actor,
      {
        permission: 'config:change',
        action,
        target: { type: 'service-mode', id: mode },
        describe: (change) => ({ setting: change.setting, before: change.before, after: change.after }),
      },
      async () => {
        const before = (await service.serviceModes()).find((state) => state.mode === mode) ?? null;
        return { setting: `service-modes.${mode}.${name}`, before, after: await apply() };
      },
    );

  desk.registerCall(CALLS.deskSetMaintenance, { permission: 'config:change', action: 'config.set-maintenance' }, (request, actor) =>
    turn(actor, request.body.mode, 'maintenance', 'config.set-maintenance', () =>
      service.setMaintenance(request.body.mode, request.body.on, actor.operator.id),
    ),
  );

  desk.registerCall(CALLS.deskSetUkOpen, { permission: 'config:change', action: 'config.set-uk-open' }, (request, actor) =>
    turn(actor, request.body.mode, 'uk-open', 'config.set-uk-open', () =>
      service.setUkOpen(request.body.mode, request.body.open, actor.operator.id),
    ),
  );
}
