import { CALLS } from '@causeway/contracts';
import type { SettingChange } from '../../platform/setting-values.ts';
import type { KycFace } from '../kyc/index.ts';
import { FEE_BOUNDS, type QuotesFace } from '../quotes/index.ts';
import type { DeskActor } from './desk-actions.ts';
import type { DeskFace } from './desk-face.ts';

/**
 * The "Fees and limits" screen's calls (docs/rules/operator-desk.md "Fees and limits"): the fees (the quotes
 * module's) and the verification tiers' limits (the kyc module's) as data, admin only (config:change).
 *
 * Registered here, from the desk's own register.ts, rather than by the modules that own the settings:
 * quotes is registered before desk (MODULES in app.ts), so at its register time there is no desk face to
 * register a call on. One file for the whole screen keeps its two halves together; kyc, registered after
 * desk, is read through `faces.later` when a call comes, the quotes face is already there.
 *
 * Every change goes through `desk.act`: the role checked again, then the change and its audit row (target
 * the setting's name, details its before and after) in one transaction, which the face's own joins. The
 * face checks each value (bounds, a coin's decimals, daily ≤ monthly ≤ yearly) before writing anything.
 */
export function registerSettingsCalls(deps: { desk: DeskFace; quotes: QuotesFace; kyc: () => KycFace }): void {
  const { desk, quotes, kyc } = deps;
  const permission = 'config:change';

  /** One audited change of a setting, answered as the screen shows it: which setting, and before → after. */
  const change = <T>(actor: DeskActor, action: string, setting: string, work: () => Promise<SettingChange<T>>) =>
    desk
      .act(
        actor,
        {
          permission,
          action,
          target: { type: 'setting', id: setting },
          describe: (done: SettingChange<T>) => ({ before: done.before, after: done.after }),
        },
        work,
      )
      .then(({ setting: name, before, after }) => ({ setting: name, before, after }));

  desk.registerCall(CALLS.deskFees, { permission, action: 'fees.list' }, async () => ({
    ...(await quotes.fees.listFees()),
    bounds: { ...FEE_BOUNDS },
  }));

  // The setting names below are the ones each face answers (fees.channel.CHECKOUT, …); the audit test holds them equal.
  desk.registerCall(CALLS.deskChangeChannelFee, { permission, action: 'fees.change-channel' }, (request, actor) =>
    change(actor, 'fees.change-channel', `fees.channel.${request.body.channelCode}`, () =>
      quotes.fees.changeChannelFee(actor.operator.id, request.body),
    ),
  );
  desk.registerCall(CALLS.deskChangeSpreadRate, { permission, action: 'fees.change-spread' }, (request, actor) => {
    const crypto = request.body.cryptoCurrency ?? null;
    return change(actor, 'fees.change-spread', `fees.spread.${crypto ?? 'default'}`, () =>
      quotes.fees.changeSpreadRate(actor.operator.id, { cryptoCurrency: crypto, spreadRate: request.body.spreadRate }),
    );
  });
  desk.registerCall(CALLS.deskChangeNetworkFee, { permission, action: 'fees.change-network' }, (request, actor) =>
    change(actor, 'fees.change-network', `fees.network.${request.body.network}`, () =>
      quotes.fees.changeNetworkFee(actor.operator.id, request.body),
    ),
  );
  desk.registerCall(CALLS.deskChangePromotion, { permission, action: 'fees.change-promotion' }, (request, actor) =>
    change(actor, 'fees.change-promotion', 'fees.promotion', () => quotes.fees.changePromotion(actor.operator.id, request.body)),
  );

  desk.registerCall(CALLS.deskLimitTiers, { permission, action: 'limits.list' }, async () => ({
    tiers: await kyc().limits.listLimitTiers(),
  }));
  desk.registerCall(CALLS.deskChangeLimitTier, { permission, action: 'limits.change-tier' }, (request, actor) =>
    change(actor, 'limits.change-tier', `limits.tier.${request.body.kycLevel}`, () =>
      kyc().limits.changeLimitTier(actor.operator.id, request.body),
    ),
  );
}
