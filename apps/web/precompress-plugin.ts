import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What a CDN would compress: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than its headers cost (the server's own threshold too). */
export const MIN_COMPRESS_BYTES = 1024;

/** Every file below `dir`, recursively. */
function filesBelow(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesBelow(full) : [full];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
 * a build from 1 kB up, when smaller than the file: the server sends the one the browser accepts
 * (@fastify/static's preCompressed), so no request pays for compression. Answers how many it wrote.
 */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const file of filesBelow(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_COMPRESS_BYTES) continue;
    const brotli = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gzip = gzipSync(raw, { level: 9 });
    for (const [suffix, bytes] of [
      ['br', brotli],
      ['gz', gzip],
    ] as const) {
      if (bytes.length >= raw.length) continue;
      fs.writeFileSync(`${file}.${suffix}`, bytes);
      written += 1;
    }
  }
  return written;
}

/** Compresses the build's text files once it is written (vite build only). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'causeway-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const written = precompressDir(outDir);
      this.info(`wrote ${written} compressed copies (.br, .gz) beside the build's text files`);
    },
  };
}
