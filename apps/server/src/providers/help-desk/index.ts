import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { createBuiltinDeskRepository } from './builtin-desk.repository.ts';
import { createBuiltinHelpDesk } from './builtin.ts';
import type { HelpDeskProvider } from './help-desk.ts';
import { createZendeskHelpDesk } from './zendesk.ts';
import { PROVIDER_KINDS } from '../provider-kinds.ts';

export type {
  CreatedHelpRequest,
  HelpArticle,
  HelpAttachmentInput,
  HelpDeskProvider,
  HelpSearchResult,
  HelpSection,
  HelpUpload,
  NewHelpRequest,
} from './help-desk.ts';
export { HelpDeskInputError, HelpDeskUnavailableError } from './help-desk.ts';

/** The vendors, as the registry declares them (provider-kinds.ts). */
export const HELP_DESK_KINDS = PROVIDER_KINDS['help-desk'].vendors;

export interface HelpDeskOptions {
  /** HELP_DESK_PROVIDER (or HELP_DESK): `builtin` (the help centre in our database) or `zendesk`. */
  kind: (typeof HELP_DESK_KINDS)[number];
  db: Database;
  clock: Clock;
  /** PUBLIC_URL without its trailing slash, or '' (built-in article links stay relative). */
  publicUrl: string;
  zendesk?: { url?: string | undefined; email?: string | undefined; apiToken?: string | undefined; sourceFieldId?: number | undefined };
  fetchImpl?: typeof fetch;
}

/** One vendor's help desk, the one the registry (providers/registry.ts) chose; `builtin` also returns its repository for the operator's page. */
export function createHelpDesk(options: HelpDeskOptions): {
  provider: HelpDeskProvider;
  builtin: ReturnType<typeof createBuiltinDeskRepository> | null;
} {
  switch (options.kind) {
    case 'builtin': {
      const repository = createBuiltinDeskRepository(options.db);
      return { provider: createBuiltinHelpDesk({ repository, clock: options.clock, publicUrl: options.publicUrl }), builtin: repository };
    }
    case 'zendesk':
      return {
        provider: createZendeskHelpDesk({
          baseUrl: options.zendesk?.url ?? '',
          email: options.zendesk?.email ?? '',
          apiToken: options.zendesk?.apiToken ?? '',
          sourceFieldId: options.zendesk?.sourceFieldId ?? 0,
          ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
        }),
        builtin: null,
      };
    default:
      throw new Error(
        `HELP_DESK must be one of ${HELP_DESK_KINDS.join(', ')} (got ${JSON.stringify((options as { kind: unknown }).kind)})`,
      );
  }
}
