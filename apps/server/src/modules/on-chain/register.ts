import { defineLeafModule } from '../../platform/server-module.ts';
import { registerOnChainRoutes } from './on-chain.routes.ts';

/** Address screening and the travel rule's VASP list, as the trade page asks before an order. */
export const onChainModule = defineLeafModule('on-chain', ({ app, providers, config }) =>
  registerOnChainRoutes(app, {
    screening: providers['address-screening'].provider,
    gtrEnabled: config.GTR_ENABLED,
    vasps: config.TRAVEL_RULE_VASPS,
  }),
);
