import { CALLS } from '@causeway/contracts';
import type { SettingChange } from '../../platform/setting-values.ts';
import type { FeatureSwitchSettings } from '../entry/index.ts';
import type { PairSettings } from '../reference/index.ts';
import type { DeskActor } from './desk-actions.ts';
import type { DeskFace } from './desk-face.ts';

/** What the audit row keeps of a setting's change: its name and its value before and after (the operator is the row's own). */
const changeDetails = ({ setting, before, after }: SettingChange<unknown>) => ({ setting, before, after });

/** The answer of a change: as the audit row, without the actor (the caller is the actor). */
const answerOf = <T>({ setting, before, after }: SettingChange<T>) => ({ setting, before, after });

/**
 * The Service screen's pairs and feature switches (docs/rules/operator-desk.md "Service"), admin only
 * (`config:change`). The reference and entry modules own them but are registered before desk in MODULES (the
 * catalogue and the entry pages need no desk), so they cannot reach the desk's face at their register time;
 * the desk registers these calls itself, over their faces, as it reads the other modules' lists. The service
 * modes, of a module after desk, are registered by that module (modules/availability/desk-calls.ts).
 *
 * Every change goes through `act`: the setting's own transaction joins the audit row's, and the catalogue this
 * process caches forgets once both commit (the pair settings' afterCommit), so the next list or quote here sees it.
 */
export function registerDeskConfigCalls(deps: { desk: DeskFace; pairs: PairSettings; switches: FeatureSwitchSettings }): void {
  const { desk, pairs, switches } = deps;

  /** One audited change of a setting: its audit row names the setting, and holds the values before and after. */
  const change = <T>(actor: DeskActor, action: string, target: { type: string; id: string }, work: () => Promise<SettingChange<T>>) =>
    desk.act<SettingChange<T>>(actor, { permission: 'config:change', action, target, describe: changeDetails }, work).then(answerOf);

  desk.registerCall(CALLS.deskPairs, { permission: 'config:change', action: 'config.pairs' }, async (request) => ({
    pairs: await pairs.listPairs(request.query.baseCurrency ? { baseCurrency: request.query.baseCurrency } : {}),
  }));

  desk.registerCall(CALLS.deskChangePair, { permission: 'config:change', action: 'config.change-pair' }, (request, actor) => {
    const { pairId, enabled, minAmount, maxAmount } = request.body;
    const input = {
      pairId,
      ...(enabled === undefined ? {} : { enabled }),
      ...(minAmount === undefined ? {} : { minAmount }),
      ...(maxAmount === undefined ? {} : { maxAmount }),
    };
    return change(actor, 'config.change-pair', { type: 'pair', id: pairId }, () => pairs.changePair(actor.operator.id, input));
  });

  desk.registerCall(CALLS.deskChangePairChannel, { permission: 'config:change', action: 'config.change-pair-channel' }, (request, actor) =>
    change(actor, 'config.change-pair-channel', { type: 'pair', id: request.body.pairId }, () =>
      pairs.changePairChannel(actor.operator.id, request.body),
    ),
  );

  desk.registerCall(CALLS.deskFeatureSwitches, { permission: 'config:change', action: 'config.feature-switches' }, async () => ({
    switches: await switches.listFeatureSwitches(),
  }));

  const switchId = (key: { clientType: string; entry: string; label: string; minVersion: number }) =>
    `${key.clientType}.${key.entry}.${key.label}.${key.minVersion}`;

  desk.registerCall(CALLS.deskSetFeatureSwitch, { permission: 'config:change', action: 'config.set-feature-switch' }, (request, actor) =>
    change(actor, 'config.set-feature-switch', { type: 'feature-switch', id: switchId(request.body) }, () =>
      switches.setFeatureSwitch(actor.operator.id, request.body),
    ),
  );

  desk.registerCall(
    CALLS.deskRemoveFeatureSwitch,
    { permission: 'config:change', action: 'config.remove-feature-switch' },
    (request, actor) =>
      change(actor, 'config.remove-feature-switch', { type: 'feature-switch', id: switchId(request.body) }, () =>
        switches.removeFeatureSwitch(actor.operator.id, request.body),
      ),
  );
}
