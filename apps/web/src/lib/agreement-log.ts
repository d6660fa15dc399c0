import { AGREEMENT_LOG_MAX_VIEW_MS, CALL_ROUTES, currentProtocolMap, requiredAgreements } from '@causeway/contracts';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import type { HttpClient } from '@/lib/http-client';
import { createSessionStore } from '@/lib/session';

/**
 * The pre-login agreement log (docs/rules/agreements.md): what a person about to create an account saw of the
 * terms, and whether they ticked them. Loaded by the sign-up step only when it is sent (the sign-in page's
 * first load stays within its budget). Best effort: a failure costs the person nothing, so it is silent.
 */
export async function sendAgreementLog(client: HttpClient, entry: { email: string; agree: boolean; viewTimeMs: number }): Promise<void> {
  // The terms of the channel and the statement of the entity the pages show (a new account is LI unless one is set).
  const entity = createSessionStore().getEntity() ?? 'LI';
  const isRoma = getSharedCookie(COOKIE_NAMES.isRoma) === 'true';
  await client
    .call(
      CALL_ROUTES.agreementLog,
      {
        email: entry.email,
        agree: entry.agree,
        // The server takes whole milliseconds of at most a day: a page left open longer says a day.
        viewTime: Math.min(Math.max(0, Math.round(entry.viewTimeMs)), AGREEMENT_LOG_MAX_VIEW_MS),
        protocolMap: currentProtocolMap(requiredAgreements(entity, isRoma)),
      },
      { silent: true },
    )
    .catch(() => undefined);
}
