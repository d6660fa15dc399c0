import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import type { BankAccountService } from './bank-account.service.ts';

/** bank-account/list, add, delete (docs/rules/bank-accounts.md): every call needs a session and reads only the caller's own accounts. */
export function registerBankAccountRoutes(app: FastifyInstance, deps: { bankAccounts: BankAccountService }): void {
  // Answers are the session's own: the platform marks every authenticated answer no-store.
  registerCall(app, CALLS.listBankAccount, async (request) => ok(await deps.bankAccounts.list(request.auth!.user)));

  registerCall(app, CALLS.addBankAccount, async (request) => ok(await deps.bankAccounts.add(request.auth!.user, request.body)));

  registerCall(app, CALLS.deleteBankAccount, async (request) =>
    ok(await deps.bankAccounts.remove(request.auth!.user, request.body.bankAccountId)),
  );
}
