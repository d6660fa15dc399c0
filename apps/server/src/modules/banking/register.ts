import { BANK_CURRENCIES, CALLS } from '@causeway/contracts';
import { defineModule } from '../../platform/server-module.ts';
import type { BankProvider } from '../../providers/bank/index.ts';
import { createLedgerModule } from '../ledger/index.ts';
import { payeeNameMatches } from '../bank-accounts/index.ts';
import { addBankWebhookReceiver } from './bank-webhook.ts';
import type { BankingFace } from './banking-face.ts';
import { createBankingRepository } from './banking.repository.ts';
import { registerBankingRoutes } from './banking.routes.ts';
import { createBankingService } from './banking.service.ts';
import { createCreditIntake } from './credit-intake.ts';
import { referencesIn } from './bank-references.ts';
import { createBankActivity } from './bank-activity.ts';
import { registerCreditPoll } from './credit-poll.ts';
import { openSuspenseCredits, registerBankSuspenseRoutes } from './bank-suspense.routes.ts';
import { createSuspenseActions, type SuspenseAction } from './suspense-actions.ts';
import { createWithdrawalsModule } from './withdrawals.module.ts';
import type { WithdrawalsRepository } from './withdrawals.repository.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    banking: BankingFace;
  }
}

/**
 * Money by bank transfer (docs/rules/bank-transfers.md): the trading account's balances, the named
 * accounts people pay into, and every credit the bank reports, booked once.
 */
export const bankingModule = defineModule('banking', (context) => {
  const { app, db, unitOfWork, clock, providers, faces } = context;
  const bank = providers.bank.provider;
  const repository = createBankingRepository(db);
  const ledger = createLedgerModule(db);
  const verifiedNameOf = (userId: string) => faces.get('kyc').verifiedNameOf(userId);
  const banking = createBankingService({ repository, ledger, bank, clock, verifiedNameOf });
  const credits = createCreditIntake({
    repository,
    ledger,
    bank,
    transaction: (work) => unitOfWork.transaction(work),
    savepoint: (work) => unitOfWork.savepoint(work),
    clock,
    log: app.log,
    verifiedNameOf,
    namesMatch: payeeNameMatches,
    balanceCurrencies: BANK_CURRENCIES,
    bankBuys: () => faces.later('orders')().bankBuys,
  });
  const bankAccounts = faces.get('bank-accounts');
  const withdrawals = createWithdrawalsModule(context, { ledger, bankAccounts });
  const activityOf = createBankActivity({ repository, withdrawals: withdrawals.repository, bankAccounts });
  registerBankingRoutes(app, { banking, withdrawals: withdrawals.service, activityOf });
  const schedulePoll = registerCreditPoll({
    bank,
    credits,
    worker: context.jobs,
    queue: context.queue,
    clock,
    log: app.log,
    intervalMs: context.config.BANK_POLL_MS,
  });
  context.onReady(schedulePoll);
  addBankWebhookReceiver({
    intake: context.webhooks,
    bank,
    credits,
    onPayment: (paymentId) => withdrawals.settlement.wakeByPayment(paymentId, (key) => context.queue.wake(key, clock.now())),
  });
  // Credits in suspense, for an operator: in production too, behind OPERATOR_PASSWORD.
  if (context.sandboxTools || context.config.OPERATOR_PASSWORD)
    registerBankSuspenseRoutes(app, { repository, operator: context.operatorPassword });
  const suspense = createSuspenseActions({
    repository,
    ledger,
    transaction: (work) => unitOfWork.transaction(work),
    clock,
    accountStatusOf: async (userId) => (await faces.get('identity').people.findById(userId))?.accountStatus,
    balanceCurrencies: BANK_CURRENCIES,
  });
  // The desk's action on a credit in suspense (docs/rules/operator-desk.md "Acting on what waits"): here, in
  // the module that owns the money; the desk registers before banking, so its face is there.
  const desk = faces.get('desk');
  desk.registerCall(CALLS.deskSuspenseCredit, { permission: 'orders:act', action: 'bank-credit.decide' }, (request, actor) => {
    const body: SuspenseAction = request.body;
    return desk.act(
      actor,
      {
        permission: 'orders:act',
        action: body.action === 'assign' ? 'bank-credit.assign' : 'bank-credit.return',
        target: { type: 'bank-credit', id: body.creditId },
        details: { reason: body.reason, ...(body.action === 'assign' ? { person: body.person } : {}) },
        describe: (done) => ({ resolution: done.resolution, userId: done.userId, amount: done.amount, currency: done.currency }),
      },
      () => suspense.decide(body, actor.operator.id),
    );
  });
  app.decorate('banking', { repository, credits, withdrawals: withdrawals.repository, bank });
  return {
    balancesOf: banking.balancesOf,
    instructionsFor: banking.instructionsFor,
    receivedFor: repository.receivedFor,
    openSuspense: () => openSuspenseCredits(repository),
    decideSuspense: suspense.decide,
    // The sandbox bank's `incoming` call: a transfer with only a reference comes from the person it names.
    async nameOfReferenced(reference) {
      const references = referencesIn(reference);
      const people = new Set([
        ...(await repository.peopleWithReferences(references)),
        ...(await faces.later('orders')().bankBuys.byReferences(references)).map((order) => order.userId),
      ]);
      return people.size === 1 ? verifiedNameOf([...people][0]!) : null;
    },
  };
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests reach the credit intake, the repositories and the bank through it (as `app.orders`). */
    banking: {
      repository: ReturnType<typeof createBankingRepository>;
      credits: ReturnType<typeof createCreditIntake>;
      withdrawals: WithdrawalsRepository;
      bank: BankProvider;
    };
  }
}
