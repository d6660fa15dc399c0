import {
  analyzeOnChainAddressQuerySchema, analyzeOnChainAddressResultSchema, API_BASE, commonHeadersSchema, envelopeOf, type ErrorCode, gtrEnabledResultSchema, listVaspInfoResultSchema, ok,
  PATHS, type VaspInfo,
} from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error.ts';
import { type AddressScreeningProvider, ScreeningUnavailableError } from '../../providers/address-screening/index.ts';
import type { IdentityModule } from '../identity/identity.module.ts';
import { analyzeOnChainAddress } from './address-analysis.service.ts';

/** The catalogue's 503 for a screening outage (fail closed: nothing is said safe that was not screened). */
const SCREENING_UNAVAILABLE: { code: ErrorCode; message: string } = {
  code: 'ODR00001014',
  message: 'Address screening is unavailable right now: try again in a moment.',
};

export interface OnChainRouteDeps {
  identity: Pick<IdentityModule, 'guard'>;
  screening: AddressScreeningProvider;
  /** GTR_ENABLED: whether the travel-rule step is on (false). */
  gtrEnabled: boolean;
  /** The travel-rule VASP directory; spec §3: empty by default. */
  vasps: readonly VaspInfo[];
}

/** analyze-on-chain-address, list-vasp-info and gtr-enabled (spec §7, customer/order). HTTP only. */
export function registerOnChainRoutes(app: FastifyInstance, deps: OnChainRouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const headers = commonHeadersSchema;

  routes.get(`${API_BASE}${PATHS.analyzeOnChainAddress}`, {
    schema: {
      tags,
      summary: "Whether a payout address (and memo) fits its network, in canonical form, and screening's verdict (SCREENING_FLAGGED when sanctioned)",
      headers,
      querystring: analyzeOnChainAddressQuerySchema,
      response: { 200: envelopeOf(analyzeOnChainAddressResultSchema) },
    },
    // A session, because every call may spend the screening vendor's quota.
    preHandler: deps.identity.guard.requireSession,
    handler: async (request) => {
      try {
        return ok(await analyzeOnChainAddress(deps.screening, request.query));
      } catch (error) {
        if (!(error instanceof ScreeningUnavailableError)) throw error;
        // Fail closed: no verdict is never "clear". The address itself stays out of the logs.
        request.log.warn({ screening: deps.screening.kind, reason: error.message }, 'address screening unavailable');
        throw new AppError(SCREENING_UNAVAILABLE.code, SCREENING_UNAVAILABLE.message);
      }
    },
  });

  // The two settings below are public configuration: nothing in them is per person.
  const vaspList = { list: [...deps.vasps] };
  routes.get(`${API_BASE}${PATHS.listVaspInfo}`, {
    schema: { tags, summary: 'The travel-rule VASP directory (empty unless the operator lists counterparties)', headers, response: { 200: envelopeOf(listVaspInfoResultSchema) } },
    handler: async () => ok(vaspList),
  });

  routes.get(`${API_BASE}${PATHS.gtrEnabled}`, {
    schema: { tags, summary: 'Whether the travel-rule (GTR) step is on', headers, response: { 200: envelopeOf(gtrEnabledResultSchema) } },
    handler: async () => ok({ enabled: deps.gtrEnabled }),
  });
}
