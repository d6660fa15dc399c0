import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer. The CSP allows scripts from our own origin only, no plugins
 * and no <base> rewriting; frame-ancestors is the merchant allow-list from FRAME_ANCESTORS.
 * A route that sets its own CSP (the API docs page) keeps it.
 */
export function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string): void {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=(self)');
    reply.header('x-request-id', reply.request.id);
    return payload;
  });
}
