import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FLAGS_PATH } from './src/ui/flags-path.ts';

/** One SVG per two-letter country code (flag-icons also has regions such as gb-eng; not needed). */
const COUNTRY_FLAG = /^[a-z]{2}\.svg$/;

/** flag-icons' folder of 4×3 flags, wherever npm put the package. */
export function flagSourceDir(): string {
  const manifest = createRequire(import.meta.url).resolve('flag-icons/package.json');
  return path.join(path.dirname(manifest), 'flags', '4x3');
}

/**
 * Serves flag-icons' country flags as static files at /flags/4x3/<code>.svg: copied into the
 * build with the package's MIT licence beside them, and answered by the dev server. Static files
 * rather than imports: bundled, each small flag would be inlined into the JavaScript as a data
 * URL (and a map of all of them would ride in every chunk that draws one).
 */
export function flagImages(sourceDir = flagSourceDir()): Plugin {
  return {
    name: 'causeway-flag-images',
    configureServer(server) {
      server.middlewares.use(`/${FLAGS_PATH}`, (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!COUNTRY_FLAG.test(name)) return next();
        const file = path.join(sourceDir, name);
        if (!fs.existsSync(file)) return next();
        response.setHeader('content-type', 'image/svg+xml');
        fs.createReadStream(file).pipe(response);
      });
    },
    generateBundle() {
      for (const name of fs.readdirSync(sourceDir).filter((entry) => COUNTRY_FLAG.test(entry))) {
        this.emitFile({ type: 'asset', fileName: `${FLAGS_PATH}/${name}`, source: fs.readFileSync(path.join(sourceDir, name)) });
      }
      const licence = path.join(sourceDir, '..', '..', 'LICENSE');
      this.emitFile({ type: 'asset', fileName: `${FLAGS_PATH}/LICENSE`, source: fs.readFileSync(licence) });
    },
  };
}
