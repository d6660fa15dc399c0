import { type BankActivity, CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import type { BankingService } from './banking.service.ts';
import type { WithdrawalService } from './withdrawal.service.ts';
import { requesterOf } from '../identity/index.ts';

/** The trading account's calls: each needs a session, and reads only the signed-in person's own. */
export function registerBankingRoutes(
  app: FastifyInstance,
  deps: { banking: BankingService; withdrawals: WithdrawalService; activityOf: (userId: string) => Promise<BankActivity[]> },
): void {
  registerCall(app, CALLS.listBalance, async (request) => ok({ balances: await deps.banking.balancesOf(request.auth!.user.id) }));

  registerCall(app, CALLS.bankTransferInstructions, async (request) =>
    ok(await deps.banking.instructionsFor(request.auth!.user, request.body.currency)),
  );

  registerCall(app, CALLS.listBankActivity, async (request) => ok({ items: await deps.activityOf(request.auth!.user.id) }));

  registerCall(app, CALLS.submitWithdraw, async (request) =>
    ok(await deps.withdrawals.submit(request.auth!.user, request.body, requesterOf(request))),
  );

  registerCall(app, CALLS.withdrawDetail, async (request) =>
    ok(await deps.withdrawals.detail(request.auth!.user, request.body.withdrawId)),
  );
}
