import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';

/**
 * Field names whose values never reach the logs: secrets, one-time codes and card data
 * (docs/trust.md). Redacted at any of the first four levels of a logged object and in headers.
 */
export const REDACTED_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'confirmPassword',
  'code',
  'verifyCode',
  'otpCode',
  'newGaVerifyCode',
  'token',
  'business-token',
  'refreshToken',
  'authorization',
  'cookie',
  'set-cookie',
  'api-key',
  'secret',
  'cardNumber',
  'number',
  'cvv',
  'cvc',
  'pan',
  'expiry',
  'googleAuthenticatorToken',
] as const;

function redactPaths(): string[] {
  const quoted = REDACTED_KEYS.map((key) => (/^[A-Za-z_]\w*$/.test(key) ? key : `["${key}"]`));
  const join = (prefix: string, key: string) => (key.startsWith('[') ? `${prefix}${key}` : `${prefix}.${key}`);
  return quoted.flatMap((key) => [key.startsWith('[') ? key.slice(2, -2) : key, join('*', key), join('*.*', key), join('*.*.*', key)]);
}

export function createLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths(), censor: '[redacted]' },
    serializers: {
      // Only what an operator needs: never the query string, which may carry codes or tokens.
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, path: req.url.split('?')[0], id: req.id }),
    },
  };
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/** Keeps a caller's x-request-id when it is well formed, else makes one. */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> = {
  requestIdHeader: false,
  genReqId: (req) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  },
};

/**
 * A database error's message carries the query's parameters ("Failed query: … params: …"): card
 * tokens, addresses, emails. What reaches a log or a job's last error keeps the query, not them.
 */
export function withoutQueryParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
}

/** An error as it may be logged: name, message and cause without query parameters. */
export function loggableError(error: unknown): { type: string; message: string; cause?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutQueryParams(String(error)) };
  const cause = error.cause instanceof Error ? withoutQueryParams(error.cause.message) : undefined;
  return { type: error.name, message: withoutQueryParams(error.message), ...(cause ? { cause } : {}) };
}
