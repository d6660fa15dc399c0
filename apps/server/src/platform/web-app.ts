import { ErrorCode } from '@causeway/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.ts';
import { canonicalLocaleUrl } from './locale-alias.ts';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Causeway</title>
<body style="font-family:system-ui;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1>The web app is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it), then reload.</p></body></html>`;

/** The web app's icon as the web app ships it; the source copy while it is not built (tests, a fresh clone). */
const FAVICON_SOURCE = fileURLToPath(new URL('../../../web/public/favicon.svg', import.meta.url));

/**
 * /favicon.ico, which browsers ask for on every page without an icon of its own: the server's own
 * pages (sandbox KYC and 3DS, help centre, operator pages) and any page before the web app's
 * index.html names /favicon.svg. It answers the web app's SVG (one icon for the whole site), read
 * once at start; a built app with a favicon.ico of its own keeps that one.
 */
function registerFavicon(app: FastifyInstance, webDist: string) {
  if (fs.existsSync(path.join(webDist, 'favicon.ico'))) return;
  const built = path.join(webDist, 'favicon.svg');
  const source = fs.existsSync(built) ? built : FAVICON_SOURCE;
  if (!fs.existsSync(source)) return;
  const icon = fs.readFileSync(source);
  app.get('/favicon.ico', { schema: { hide: true }, config: { caller: 'public' } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(icon),
  );
}

/** API answers from this size up are compressed; the build compresses its files from the same size (precompress-plugin.ts). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compression as a CDN would do it, by the request's Accept-Encoding (brotli first, then gzip),
 * with `Vary: accept-encoding`: answers of 1 kB and more on the fly, at a brotli quality cheap enough
 * for every request (4: most of the gain of 11 at a fraction of its time); the built web app's
 * files as the build compressed them (preCompressed, below). Request bodies are never decompressed:
 * a small compressed body could unpack past the body limit.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * every other GET that wants HTML answered with index.html so the SPA router takes over (a
 * language named by another of its tags is first redirected to its canonical prefix).
 * Returns the SPA fallback for the not-found handler.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexPath = path.join(webDist, 'index.html');
  const isBuilt = fs.existsSync(indexPath);
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build's .br and .gz copies, chosen by Accept-Encoding (with Vary and their own Content-Length).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  registerFavicon(app, webDist);

  return function serveSpa(request: FastifyRequest, reply: FastifyReply) {
    // A language by another of its tags (/zh-CN/..., /zh-cn/...): to the canonical prefix. 302, not
    // 301: browsers keep a 301 for ever, and a later release may give a tag (zh-TW) its own locale.
    const canonical = request.method === 'GET' || request.method === 'HEAD' ? canonicalLocaleUrl(request.url) : undefined;
    if (canonical) return reply.redirect(canonical, 302);
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (!wantsHtml) return sendError(reply, ErrorCode.NoSuchCall, `Not found: ${request.method} ${request.url.split('?')[0]}`);
    reply.header('cache-control', 'no-cache');
    if (!isBuilt) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return reply.sendFile('index.html');
  };
}
