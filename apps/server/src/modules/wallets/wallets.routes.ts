import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { WalletService } from './wallet.service.ts';
import { registerCall } from '../../platform/calls.ts';

/** The wallet address book: every call needs a session. */
export function registerWalletRoutes(app: FastifyInstance, deps: { wallets: WalletService }): void {
  registerCall(app, CALLS.listWallet, async (request) => ok(await deps.wallets.list(request.auth!.user, request.body ?? {})));

  registerCall(app, CALLS.addWallet, async (request) => ok(await deps.wallets.add(request.auth!.user, request.body)));

  registerCall(app, CALLS.deleteWallet, async (request) => ok(await deps.wallets.remove(request.auth!.user, request.body.walletId)));

  registerCall(app, CALLS.setDefaultWallet, async (request) =>
    ok(await deps.wallets.setDefault(request.auth!.user, request.body.walletId)),
  );
}
