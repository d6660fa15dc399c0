import { CALLS, ErrorCode, type ErrorName, ok, type VaspInfo } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { type AddressScreeningProvider, ScreeningUnavailableError } from '../../providers/address-screening/index.ts';
import { analyzeOnChainAddress } from './address-analysis.service.ts';
import { registerCall } from '../../platform/calls.ts';

/** The catalogue's 503 for a screening outage (fail closed: nothing is said safe that was not screened). */
const SCREENING_UNAVAILABLE: { errorName: ErrorName; message: string } = {
  errorName: ErrorCode.ScreeningUnavailable,
  message: 'Address screening is unavailable right now: try again in a moment.',
};

export interface OnChainRouteDeps {
  screening: AddressScreeningProvider;
  /** GTR_ENABLED: whether the travel-rule step is on (false). */
  gtrEnabled: boolean;
  /** The travel-rule VASP directory; docs/rules/entities.md: empty by default. */
  vasps: readonly VaspInfo[];
}

/** analyze-on-chain-address, list-vasp-info and gtr-enabled (docs/rules/calls.md, customer/order). HTTP only. */
export function registerOnChainRoutes(app: FastifyInstance, deps: OnChainRouteDeps): void {
  registerCall(app, CALLS.analyzeOnChainAddress, async (request) => {
    try {
      return ok(await analyzeOnChainAddress(deps.screening, request.query));
    } catch (error) {
      if (!(error instanceof ScreeningUnavailableError)) throw error;
      // Fail closed: no verdict is never "clear". The address itself stays out of the logs.
      request.log.warn({ screening: deps.screening.kind, reason: error.message }, 'address screening unavailable');
      throw new AppError(SCREENING_UNAVAILABLE.errorName, SCREENING_UNAVAILABLE.message);
    }
  });

  // The two settings below are public configuration: nothing in them is per person.
  const vaspList = { list: [...deps.vasps] };
  registerCall(app, CALLS.listVaspInfo, async () => ok(vaspList));

  registerCall(app, CALLS.gtrEnabled, async () => ok({ enabled: deps.gtrEnabled }));
}
