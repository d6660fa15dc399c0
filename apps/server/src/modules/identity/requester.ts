import type { FastifyRequest } from 'fastify';
import { emailLanguageOf } from '../../platform/request-language.ts';
import type { EmailLanguage } from './email-templates.ts';

/** Who asks for a credential check: per-IP limits count `ipKey` (request.ipKey); a lock's unlock email uses `lang` and `origin`. */
export interface Requester {
  ipKey: string;
  lang: EmailLanguage;
  /** The request's own origin (its Host header, the client's to choose): an unlock link uses it only without PUBLIC_URL and with the sandbox mailbox. */
  origin: string;
  /** The client's address itself (request.ip), for the geo lookup of the UK rules; absent where a caller has none. */
  ip?: string;
}

export const requesterOf = (request: FastifyRequest): Requester => ({
  ipKey: request.ipKey,
  lang: emailLanguageOf(request),
  origin: `${request.protocol}://${request.host}`,
  ip: request.ip,
});
