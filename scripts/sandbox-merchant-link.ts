/**
 * Prints a signed entry link of sandbox.md's demo merchant, as a merchant's server would build it:
 *
 *   node --import tsx scripts/sandbox-merchant-link.ts <merchantUserId> [email] [login-v3|skip-login] [base-url]
 *
 * The link is valid for 300 s (the signature's timestamp tolerance).
 */
import { createHmac } from 'node:crypto';
import { canonicalEntryQuery } from '@causeway/contracts';

const DEMO_API_KEY = 'pk_sandbox_demo';
const DEMO_SECRET = 'sk_sandbox_demo';

const [merchantUserId, email, page = 'login-v3', baseUrl = 'http://127.0.0.1:8080'] = process.argv.slice(2);
if (!merchantUserId || !['login-v3', 'skip-login'].includes(page)) {
  console.error('usage: sandbox-merchant-link.ts <merchantUserId> [email] [login-v3|skip-login] [base-url]');
  process.exit(2);
}
const entry: Record<string, string> = { apiKey: DEMO_API_KEY, merchantUserId, timestamp: String(Date.now()), ...(email ? { email } : {}) };
const signature = createHmac('sha256', DEMO_SECRET).update(canonicalEntryQuery(entry)).digest('hex');
console.log(`${baseUrl}/en/${page}?${new URLSearchParams({ ...entry, signature }).toString()}`);
