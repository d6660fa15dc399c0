/**
 * Prints a signed entry link of docs/sandbox.md's demo merchant, as a merchant's server would build it:
 *
 *   node --import tsx scripts/sandbox-merchant-link.ts <merchantUserId> [email] [login-v3|skip-login] [base-url] [--share-kyc First,Last,YYYY-MM-DD,NAT,RES]
 *
 * The link is valid for 300 s (the signature's timestamp tolerance). With --share-kyc the script
 * first asks the running server's sandbox KYC vendor for a share token of that person (as a merchant
 * that verified its customer asks its vendor), and signs it into the link as kycShareToken.
 */
import { createHmac } from 'node:crypto';
import { canonicalEntryQuery } from '@causeway/contracts';

const DEMO_API_KEY = 'pk_sandbox_demo';
const DEMO_SECRET = 'sk_sandbox_demo';
const USAGE =
  'usage: sandbox-merchant-link.ts <merchantUserId> [email] [login-v3|skip-login] [base-url] [--share-kyc First,Last,YYYY-MM-DD,NAT,RES]';

const args = process.argv.slice(2);
const shareAt = args.indexOf('--share-kyc');
const shared = shareAt >= 0 ? args.splice(shareAt, 2)[1] : undefined;
const [merchantUserId, email, page = 'login-v3', baseUrl = 'http://127.0.0.1:8080'] = args;
if (!merchantUserId || !['login-v3', 'skip-login'].includes(page) || (shareAt >= 0 && !shared)) {
  console.error(USAGE);
  process.exit(2);
}

async function shareTokenOf(person: string): Promise<string> {
  const [firstName, lastName, dob, nationality, residenceCountry] = person.split(',').map((part) => part.trim());
  const response = await fetch(`${baseUrl}/sandbox/kyc/share-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName, lastName, dob, nationality, residenceCountry }),
  });
  if (!response.ok) throw new Error(`the sandbox vendor refused the person (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

const entry: Record<string, string> = {
  apiKey: DEMO_API_KEY,
  merchantUserId,
  timestamp: String(Date.now()),
  ...(email ? { email } : {}),
  ...(shared ? { kycShareToken: await shareTokenOf(shared) } : {}),
};
const signature = createHmac('sha256', DEMO_SECRET).update(canonicalEntryQuery(entry)).digest('hex');
console.log(`${baseUrl}/en/${page}?${new URLSearchParams({ ...entry, signature }).toString()}`);
