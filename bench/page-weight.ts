import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
// Reading the build's manifest is the web app's (its first-load budget test reads it the same way).
import { firstLoadOf, readBuild, staticClosure } from '../apps/web/first-load.ts';

export interface RouteWeight {
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/**
 * The JS a person downloads before a route's page shows: the entry chunk and its static
 * imports, plus the route's own lazy chunk and its static imports. Read from Vite's manifest.
 */
export function measureRouteWeights(distDir: string, routes: Record<string, string>): RouteWeight[] {
  const { manifest, entry } = readBuild(distDir);
  return Object.entries(routes).map(([route, source]) => {
    const keys = firstLoadOf(manifest, entry, source);
    const files = [...keys].map((key) => fs.readFileSync(path.join(distDir, manifest[key]!.file)));
    return {
      route,
      files: files.length,
      rawBytes: files.reduce((sum, f) => sum + f.length, 0),
      gzipBytes: files.reduce((sum, f) => sum + gzipSync(f, { level: 9 }).length, 0),
      brotliBytes: files.reduce((sum, f) => sum + brotliCompressSync(f).length, 0),
    };
  });
}

export interface LazyChunkWeight {
  source: string;
  rawBytes: number;
  gzipBytes: number;
  /** What opening it downloads: the chunk and its static imports that the entry does not already hold (gzip). */
  openGzipBytes: number;
  /** The entry routes whose first load includes this chunk: none, for a chunk that is truly lazy. */
  inFirstLoadOf: string[];
}

/**
 * A lazily loaded chunk's own weight (its file alone: what opening it costs on top of the page)
 * and whether any entry route's first load pulls it in statically after all.
 */
export function measureLazyChunks(distDir: string, sources: string[], routes: Record<string, string>): LazyChunkWeight[] {
  const { manifest, entry } = readBuild(distDir);
  // Each route's first load, worked out once for every chunk asked about.
  const firstLoads = Object.entries(routes).map(([route, page]) => ({ route, chunks: firstLoadOf(manifest, entry, page) }));
  return sources.map((source) => {
    const chunk = manifest[source];
    if (!chunk) throw new Error(`${source} is not a chunk in the manifest`);
    const file = fs.readFileSync(path.join(distDir, chunk.file));
    const inFirstLoadOf = firstLoads.filter(({ chunks }) => chunks.has(source)).map(({ route }) => route);
    const opened = [...staticClosure(manifest, source)]
      .filter((key) => !entry.has(key))
      .map((key) => fs.readFileSync(path.join(distDir, manifest[key]!.file)));
    const openGzipBytes = opened.reduce((sum, f) => sum + gzipSync(f, { level: 9 }).length, 0);
    return { source, rawBytes: file.length, gzipBytes: gzipSync(file, { level: 9 }).length, openGzipBytes, inFirstLoadOf };
  });
}
