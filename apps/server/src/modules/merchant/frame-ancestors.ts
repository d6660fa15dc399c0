import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';

/** How long the merchants' allowed origins are trusted before they are read again (a console change is seen at once here). */
export const ALLOWED_ORIGINS_REFRESH_MS = 60_000;

/** A CSP's frame-ancestors directive with these origins added ('none' alone gives way to them). */
export function withFrameAncestors(csp: string, origins: readonly string[]): string {
  if (origins.length === 0) return csp;
  return csp.replace(/frame-ancestors ([^;]*)/, (_match, sources: string) => {
    const kept = sources.split(/\s+/).filter((source) => source && source !== "'none'");
    return `frame-ancestors ${[...new Set([...kept, ...origins])].join(' ')}`;
  });
}

/**
 * The checkout may be framed by the pages merchants registered (their allowed origins, in the merchant
 * console), besides FRAME_ANCESTORS: the CSP of every HTML page names them all. All merchants' together,
 * because the page is the same app whoever embeds it; a site nobody registered still cannot frame it
 * (clickjacking). Read from the database at most once a minute, and at once after a console change here.
 */
export function registerMerchantFrameAncestors(app: FastifyInstance, deps: { allowedOrigins: () => Promise<string[]>; clock: Clock }) {
  let cached: { origins: string[]; readAt: number } | null = null;
  async function origins(): Promise<string[]> {
    const now = deps.clock.now().getTime();
    if (!cached || now - cached.readAt >= ALLOWED_ORIGINS_REFRESH_MS) cached = { origins: await deps.allowedOrigins(), readAt: now };
    return cached.origins;
  }
  app.addHook('onSend', async (_request, reply, payload) => {
    const csp = reply.getHeader('content-security-policy');
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof csp === 'string' && type.startsWith('text/html'))
      reply.header('content-security-policy', withFrameAncestors(csp, await origins()));
    return payload;
  });
  return {
    /** A console change: the next page reads the origins again. */
    invalidate: () => {
      cached = null;
    },
  };
}
