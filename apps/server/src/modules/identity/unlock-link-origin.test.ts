import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createRateLimiter } from '../../platform/rate-limit.repository.ts';
import type { MailMessage, MailProvider } from '../../providers/mail/index.ts';
import { createIdentityRepository, type UserRow } from './identity.repository.ts';
import type { Requester } from './requester.ts';
import { createUnlockService } from './unlock.service.ts';

// The unlock email goes to a real inbox whenever mail is real. Its link must never point at an
// origin the locking request named: the Host header is the client's to choose, so anyone who
// knows an address could otherwise mail its owner a genuine Causeway email linking to their site.

let database: TestDatabase;
let person: UserRow;
const clock = createManualClock();
/** What a stranger sends while locking someone else's sign-in. */
const stranger: Requester = { ipKey: '203.0.113.9', lang: 'en', origin: 'https://phishing.example' };

beforeAll(async () => {
  database = await createTestDatabase();
  const repository = createIdentityRepository(database.db);
  ({ user: person } = await repository.insertUser({
    id: 'usr_unlock_origin',
    email: 'unlock-origin@causeway.test',
    emailNormalized: 'unlock-origin@causeway.test',
    userType: 'Individual',
    accountStatus: 'Active',
  }));
});
afterAll(() => database.close());

/** Mails one unlock link through a provider of this kind and answers what was sent. */
async function mailWith(kind: MailProvider['kind'], publicUrl: string | undefined): Promise<MailMessage> {
  const sent: MailMessage[] = [];
  const mail: MailProvider = { kind, send: async (message) => void sent.push(message) };
  const unlock = createUnlockService({
    repository: createIdentityRepository(database.db),
    mail,
    rateLimiter: createRateLimiter(database.db),
    clock,
    publicUrl,
  });
  await unlock.mailLink(person, stranger);
  clock.advance(60 * 60 * 1000); // past the 3 mails an hour, so each case mails
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

describe('the unlock email', () => {
  it('links to PUBLIC_URL whatever origin the request named', async () => {
    const message = await mailWith('smtp', 'https://pay.example.test/');
    expect(message.text).toMatch(/https:\/\/pay\.example\.test\/unlock-sign-in\?token=[\w-]{43}&lang=en/);
    expect(message.text + message.html).not.toContain('phishing.example');
  });

  it('with real mail and no PUBLIC_URL, carries no link at all (never the request origin), and says the lock ends by itself', async () => {
    const message = await mailWith('smtp', undefined);
    expect(message.text + message.html).not.toContain('phishing.example');
    expect(message.text + message.html).not.toContain('unlock-sign-in');
    expect(message.html).not.toContain('<a ');
    expect(message.text).toContain('ends by itself after the hour');
  });

  it('with the sandbox mailbox (read by whoever runs it), links to the origin the request came to', async () => {
    const message = await mailWith('sandbox', undefined);
    expect(message.text).toMatch(/https:\/\/phishing\.example\/unlock-sign-in\?token=[\w-]{43}&lang=en/);
  });
});
