import { type OperatorRole, permissionsOf } from '@causeway/contracts';
import { createMemoryStorage, createStorage } from '@/lib/storage';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import { createDeskSessionStore } from './desk-session';
import { DeskPage } from './routes/desk-page';

/** A desk session of a demo operator of `role`, as sign-in answers it (8 hours, 30 idle minutes). */
export const deskSessionOf = (role: OperatorRole) => ({
  token: `token-of-${role}`,
  expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
  idleMinutes: 30,
  operator: {
    operatorId: `opr_${role}`,
    email: `desk-${role}@causeway.test`,
    displayName: `Demo ${role}`,
    role,
    permissions: permissionsOf(role),
  },
});

/**
 * The desk page at `url` on a mocked server answering `routes`, signed in as a demo operator of `role` (or signed
 * out, with none): what every desk screen's test starts from.
 */
export function openDeskAt(url: string, role: OperatorRole | null, routes: Record<string, Responder> = {}) {
  const sessions = createDeskSessionStore(createStorage({ storage: createMemoryStorage }));
  if (role) sessions.save(deskSessionOf(role));
  const fake = routedHttpClient(routes);
  const view = renderPage(<DeskPage client={fake.client} sessions={sessions} />, { path: '/:lng/desk/*', url });
  return { ...view, fake, sessions };
}
