import { CALLS } from '@causeway/contracts';
import type { DeskFace } from '../desk/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EntitySwitchService } from './entity-switch.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The desk's "start a migration" (docs/rules/operator-desk.md "Screens", a person's page; journeys:start): the
 * person is routed to the other entity with a deadline, audited with the reason and the route before and after.
 */
export function registerDeskMigrationCall(desk: DeskFace, deps: { entitySwitch: EntitySwitchService; clock: Clock }): void {
  const permission = 'journeys:start';
  const action = 'journey.start-migration';
  desk.registerCall(CALLS.deskStartMigration, { permission, action }, (request, actor) => {
    const { userId, targetEntity, deadlineDays, reason } = request.body;
    const deadline = new Date(deps.clock.now().getTime() + deadlineDays * DAY_MS);
    return desk
      .act(
        actor,
        {
          permission,
          action,
          target: { type: 'person', id: userId },
          describe: (routed) => ({ reason, targetEntity, deadline: routed.deadline, before: routed.before }),
        },
        () => deps.entitySwitch.route({ userId, target: targetEntity, deadline }),
      )
      .then(({ before: _before, ...answer }) => answer);
  });
}
