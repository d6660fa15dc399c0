import { defineModule } from '../../platform/server-module.ts';
import { deriveKey } from '../../platform/crypto.ts';
import { createLedgerModule } from '../ledger/index.ts';
import { registerDeskConfigCalls } from './config-calls.ts';
import { createDeskActions } from './desk-actions.ts';
import { actorOf, createDeskCallRegistrar, createDeskGuard } from './desk-calls.ts';
import type { DeskFace } from './desk-face.ts';
import { createDeskRepository } from './desk.repository.ts';
import { registerDeskRoutes } from './desk.routes.ts';
import { createDeskScreens } from './desk-screens.ts';
import { createDeskSignIn } from './desk-sign-in.service.ts';
import { registerSettingsCalls } from './settings-calls.ts';
import { registerVerificationCalls } from './verification-calls.ts';
import { createOperatorTotp, deskTotpKey } from './operator-totp.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    desk: DeskFace;
  }
}

export const JOB_DESK_SESSIONS_PRUNE = 'desk.sessions.prune';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The operator's desk (docs/rules/operator-desk.md): operators, their sign-in and sessions, the audit
 * log, and the first screens. Registered early (after identity), so the modules after it add their
 * review screens' calls and actions through its face; it reads those modules only once the server runs.
 */
export const deskModule = defineModule('desk', (context) => {
  const { app, db, unitOfWork, clock, rateLimiter, serverSecret, faces, callers, jobs, queue } = context;
  const repository = createDeskRepository(db);
  const transaction = unitOfWork.transaction;
  const actions = createDeskActions({ repository, transaction, clock });
  const signIn = createDeskSignIn({
    repository,
    actions,
    totp: createOperatorTotp(deskTotpKey(serverSecret)),
    rateLimiter,
    transaction,
    clock,
    stepKey: deriveKey(serverSecret, 'desk-sign-in-step'),
  });
  // Before any desk call is registered: the guard of their caller kind.
  callers.provideGuards({ 'operator-session': createDeskGuard(app, signIn) });
  const registerDeskCall = createDeskCallRegistrar(app, actions);
  const screens = createDeskScreens({
    reads: {
      identity: () => faces.get('identity'),
      kyc: faces.later('kyc'),
      orders: faces.later('orders'),
      banking: faces.later('banking'),
      merchant: faces.later('merchant'),
      ledger: createLedgerModule(db),
    },
    repository,
    actions,
    now: () => clock.now(),
  });
  registerDeskRoutes(app, { signIn, screens, registerDeskCall });
  const face: DeskFace = { registerCall: registerDeskCall, act: actions.act, actorOf };
  // Fees and limits as data: registered here because quotes comes before desk (settings-calls.ts says why).
  registerSettingsCalls({ desk: face, quotes: faces.get('quotes'), kyc: faces.later('kyc') });
  // The Service screen's pairs and feature switches: reference and entry come before desk (config-calls.ts says why).
  registerDeskConfigCalls({ desk: face, pairs: faces.get('reference').pairs, switches: faces.get('entry').switches });
  // Identity and business reviews the vendor left for a person: kept by kyc and kyb, registered after the desk.
  registerVerificationCalls({
    desk: face,
    repository,
    clock,
    reviews: { kyc: () => faces.later('kyc')().deskReviews, kyb: () => faces.later('kyb')().deskReviews },
  });

  // Sessions ended more than a day ago are deleted daily (the audit log keeps who signed in and out).
  jobs.register(JOB_DESK_SESSIONS_PRUNE, async () => {
    const now = clock.now();
    await repository.deleteEndedSessions(new Date(now.getTime() - DAY_MS));
    return { runAgainAt: new Date(now.getTime() + DAY_MS) };
  });
  context.onReady(() =>
    queue.enqueue({ kind: JOB_DESK_SESSIONS_PRUNE, payload: {}, runAt: clock.now(), dedupeKey: JOB_DESK_SESSIONS_PRUNE }),
  );
  return face;
});
