import { type BootCheck, BootCheckFailure, messageOf } from '../boot-check.ts';
import { zendeskBaseUrl } from './zendesk.ts';

/**
 * Zendesk's boot check: GET /api/v2/users/me.json ("Show Self",
 * https://developer.zendesk.com/api-reference/ticketing/users/users/#show-self) with the API token,
 * as `{email}/token:{token}` in HTTP Basic (introduction/security-and-auth), the way zendesk.ts reads
 * the help centre. An unauthenticated call is answered too, as the anonymous user (no id, role
 * end-user): only an answer naming an agent or admin proves the token. The account settings the
 * anonymous requests need (README, "Setting up Zendesk") are not readable with an agent's token.
 */
export interface ZendeskBootCheckSettings {
  /** ZENDESK_URL. */
  url: string;
  email: string;
  apiToken: string;
}

export function zendeskBootCheck(settings: ZendeskBootCheckSettings): BootCheck {
  const baseUrl = zendeskBaseUrl({ baseUrl: settings.url });
  const authorization = `Basic ${Buffer.from(`${settings.email}/token:${settings.apiToken}`, 'utf8').toString('base64')}`;
  return {
    vendor: 'Zendesk',
    target: `ZENDESK_URL (${baseUrl})`,
    async run(context) {
      let response: Response;
      let body: unknown;
      try {
        response = await context.fetch(`${baseUrl}/api/v2/users/me.json`, {
          headers: { Authorization: authorization, Accept: 'application/json' },
          redirect: 'manual',
          signal: AbortSignal.timeout(context.timeoutMs),
        });
        body = await response.json().catch(() => undefined);
      } catch (error) {
        throw new BootCheckFailure(`Zendesk could not be reached at ZENDESK_URL (${baseUrl}): ${messageOf(error)}`);
      }
      if (response.status === 401 || response.status === 403)
        throw new BootCheckFailure(
          `Zendesk refused ZENDESK_EMAIL / ZENDESK_API_TOKEN (HTTP ${response.status}): check both, and that API token access is on (Admin Center > Apps and integrations > APIs)`,
        );
      if (response.status !== 200)
        throw new BootCheckFailure(
          `Zendesk answered HTTP ${response.status} at ${baseUrl}/api/v2/users/me.json: check ZENDESK_URL (https://yourcompany.zendesk.com)`,
        );
      const user = (body as { user?: { id?: unknown; role?: unknown } } | undefined)?.user;
      const role = typeof user?.role === 'string' ? user.role : 'unknown';
      if (typeof user?.id !== 'number')
        throw new BootCheckFailure(
          'Zendesk answered as the anonymous user: ZENDESK_EMAIL / ZENDESK_API_TOKEN were not taken (is API token access on? Admin Center > Apps and integrations > APIs)',
        );
      if (role !== 'agent' && role !== 'admin')
        throw new BootCheckFailure(`Zendesk accepted the token, but ZENDESK_EMAIL is an ${role}: use the email of an agent or admin`);
      return `ZENDESK_EMAIL and ZENDESK_API_TOKEN accepted (an ${role})`;
    },
  };
}
