import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Where the build writes each page's own index.html: `pages/card-buy-sell.html` (the server's web-app.ts reads it). */
export const PAGES_DIR = 'pages';

/**
 * Each page path of route-table.tsx and the module its `load` imports, read from the source: a
 * page's `import('…')` itself, or the named loader it calls (`const loginPages = () => import('…')`).
 * A page whose module cannot be read is left out (it loads as before, only later).
 */
export function pageModulesOf(routeTableSource: string): Map<string, string> {
  const loaders = new Map<string, string>();
  for (const [, name, specifier] of routeTableSource.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)) {
    loaders.set(name!, specifier!);
  }
  const pages = new Map<string, string>();
  for (const [, page, load] of routeTableSource.matchAll(/\{ path: '([^']+)', load: (.+) \},?$/gm)) {
    const direct = /import\('([^']+)'\)/.exec(load!)?.[1];
    const named = /named\((\w+)\(\)/.exec(load!)?.[1];
    const specifier = direct ?? (named ? loaders.get(named) : undefined);
    if (specifier) pages.set(page!, specifier);
  }
  return pages;
}

/** A chunk's static imports, recursively (what the browser fetches before the chunk runs). */
function staticChunks(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticChunks(bundle, imported, seen);
  return seen;
}

const cssOf = (bundle: OutputBundle, files: Iterable<string>) =>
  [...files].flatMap((file) => [...((bundle[file] as OutputChunk | undefined)?.viteMetadata?.importedCss ?? [])]);

/** The link tags naming a page's own files, so the browser fetches them beside the entry's. */
export function preloadTags(scripts: readonly string[], styles: readonly string[]): string {
  return [
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('\n    ');
}

/**
 * `pages/<page>.html` for every page of route-table.tsx: index.html with the page's chunk, the
 * chunks it needs beyond the entry's and their styles named in the head. The server answers an
 * address with its page's file (apps/server/src/platform/web-app.ts), so a person arriving on a
 * page downloads its code beside the entry's, instead of after the entry has run and the router
 * has matched the page. Runs after Vite has made index.html (enforce: post).
 */
export function routePreloads(routeTable = 'src/app/route-table.tsx'): Plugin {
  let root = '.';
  return {
    name: 'causeway-route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const tablePath = path.resolve(root, routeTable);
      const index = bundle['index.html'];
      const entry = Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.isEntry);
      if (index?.type !== 'asset' || !entry) return this.warn('no index.html or entry chunk: no page gets its preloads');
      const indexHtml = String(index.source);
      const inEntry = staticChunks(bundle, entry.fileName);
      const entryCss = new Set(cssOf(bundle, inEntry));
      const chunkOf = new Map(
        Object.values(bundle)
          .filter((item): item is OutputChunk => item.type === 'chunk' && Boolean(item.facadeModuleId))
          .map((chunk) => [chunk.facadeModuleId!, chunk.fileName]),
      );
      for (const [page, specifier] of pageModulesOf(fs.readFileSync(tablePath, 'utf8'))) {
        const resolved = await this.resolve(specifier, tablePath);
        const fileName = resolved && chunkOf.get(resolved.id);
        if (!fileName) {
          this.warn(`no chunk for the page ${page} (${specifier}): it will not be preloaded`);
          continue;
        }
        const files = [...staticChunks(bundle, fileName)].filter((file) => !inEntry.has(file));
        const styles = cssOf(bundle, files).filter((file) => !entryCss.has(file));
        const tags = preloadTags(
          files.map((file) => `/${file}`),
          styles.map((file) => `/${file}`),
        );
        this.emitFile({
          type: 'asset',
          fileName: `${PAGES_DIR}/${page}.html`,
          source: indexHtml.replace('</head>', `  ${tags}\n  </head>`),
        });
      }
    },
  };
}
