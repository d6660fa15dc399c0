import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/** Every chunk a chunk pulls in statically (dynamic imports load later, on demand). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * The JS a person downloads before a route's page shows: the entry chunk and its static
 * imports, plus the route's own lazy chunk and its static imports. Read from Vite's manifest.
 */
export function measureRouteWeights(distDir: string, routes: Record<string, string>): RouteWeight[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  return Object.entries(routes).map(([route, source]) => {
    if (!manifest[source]) throw new Error(`${source} is not a chunk in the manifest`);
    const keys = new Set([...staticClosure(manifest, entryKey), ...staticClosure(manifest, source)]);
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
