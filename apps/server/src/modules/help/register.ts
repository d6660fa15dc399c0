import { defineLeafModule } from '../../platform/server-module.ts';
import { registerHelpDeskOperatorRoutes } from './help-desk-operator.routes.ts';
import { registerHelpSiteRoutes } from './help-site.routes.ts';
import { registerHelpRoutes } from './help.routes.ts';
import { createHelpService } from './help.service.ts';

/**
 * The help widget's desk (issue 6). The built-in one also serves its help site, and its tickets to
 * the operator: openly on a sandbox install, else only behind the operator password.
 */
export const helpModule = defineLeafModule('help', (context) => {
  const { app, config, providers, rateLimiter, clock } = context;
  const { provider: helpDesk, selfHosted: builtinDesk } = providers['help-desk'];
  registerHelpRoutes(app, { help: createHelpService(helpDesk), desk: helpDesk.kind, rateLimiter, clock });
  if (!builtinDesk) return;
  registerHelpSiteRoutes(app, helpDesk);
  // Its own password when HELP_DESK_OPERATOR_PASSWORD is another one (help desk agents need not see orders), else OPERATOR_PASSWORD's and its count.
  const helpDeskPassword =
    config.HELP_DESK_OPERATOR_PASSWORD && config.HELP_DESK_OPERATOR_PASSWORD !== config.OPERATOR_PASSWORD
      ? context.newOperatorPassword('help-desk-operator', config.HELP_DESK_OPERATOR_PASSWORD)
      : context.operatorPassword;
  if (context.sandboxTools || config.HELP_DESK_OPERATOR_PASSWORD || config.OPERATOR_PASSWORD) {
    registerHelpDeskOperatorRoutes(app, { repository: builtinDesk, operator: helpDeskPassword });
  }
});
