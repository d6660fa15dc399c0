import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../../platform/calls.ts';
import { requesterOf } from '../../identity/index.ts';
import type { MerchantConsoleService } from './merchant-console.service.ts';

/** docs/rules/merchant-console.md: the console's calls. HTTP only: each hands the signed-in person to the service. */
export function registerMerchantConsoleRoutes(app: FastifyInstance, console: MerchantConsoleService): void {
  const user = (request: { auth: { user: Parameters<MerchantConsoleService['keys']>[0] } | null }) => request.auth!.user;

  registerCall(app, CALLS.merchantConsoleMemberships, async (request) => ok(await console.memberships(user(request))));
  registerCall(app, CALLS.merchantConsoleKeys, async (request) => ok(await console.keys(user(request), request.query.merchantId)));
  registerCall(app, CALLS.merchantConsoleKeyCreate, async (request) =>
    ok(await console.createKey(user(request), request.body, requesterOf(request))),
  );
  registerCall(app, CALLS.merchantConsoleKeyRoll, async (request) =>
    ok(await console.rollKey(user(request), request.body, requesterOf(request))),
  );
  registerCall(app, CALLS.merchantConsoleKeyRevoke, async (request) => {
    await console.revokeKey(user(request), request.body, requesterOf(request));
    return ok(null);
  });
  registerCall(app, CALLS.merchantConsoleEndpoints, async (request) =>
    ok(await console.endpoints(user(request), request.query.merchantId)),
  );
  registerCall(app, CALLS.merchantConsoleEndpointCreate, async (request) =>
    ok(await console.createEndpoint(user(request), request.body, requesterOf(request))),
  );
  registerCall(app, CALLS.merchantConsoleEndpointEnable, async (request) => {
    await console.setEndpointEnabled(user(request), request.body);
    return ok(null);
  });
  registerCall(app, CALLS.merchantConsoleEndpointRotate, async (request) =>
    ok(await console.rotateEndpointSecret(user(request), request.body, requesterOf(request))),
  );
  registerCall(app, CALLS.merchantConsoleEndpointTest, async (request) => ok(await console.sendTest(user(request), request.body)));
  registerCall(app, CALLS.merchantConsoleDeliveries, async (request) => ok(await console.deliveries(user(request), request.query)));
  registerCall(app, CALLS.merchantConsoleReplay, async (request) => {
    await console.replay(user(request), request.body);
    return ok(null);
  });
  registerCall(app, CALLS.merchantConsoleOrigins, async (request) => ok(await console.origins(user(request), request.query.merchantId)));
  registerCall(app, CALLS.merchantConsoleOriginAdd, async (request) => ok(await console.addOrigin(user(request), request.body)));
  registerCall(app, CALLS.merchantConsoleOriginRemove, async (request) => ok(await console.removeOrigin(user(request), request.body)));
  registerCall(app, CALLS.merchantConsoleOrders, async (request) => ok(await console.orders(user(request), request.query)));
  registerCall(app, CALLS.merchantConsoleCustomers, async (request) => ok(await console.customers(user(request), request.query)));
  registerCall(app, CALLS.merchantConsoleSharedKyc, async (request) => ok(await console.sharedKyc(user(request), request.query)));
}
