import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import type { MerchantBindService } from './merchant-bind.service.ts';

/** docs/rules/merchant-linking.md: linking by orderToken, for a person (merchant-bind) and a business (kyb-merchant-bind). */
export function registerMerchantBindRoutes(app: FastifyInstance, binding: MerchantBindService): void {
  registerCall(app, CALLS.getMerchantBindStatus, async (request) =>
    ok(await binding.status(request.auth!.user, request.body.orderToken, request.ipKey)),
  );
  registerCall(app, CALLS.merchantBind, async (request) =>
    ok(await binding.bind(request.auth!.user, request.body.orderToken, request.ipKey)),
  );
  registerCall(app, CALLS.kybMerchantBind, async (request) =>
    ok(await binding.bind(request.auth!.user, request.body.orderToken, request.ipKey)),
  );
}
