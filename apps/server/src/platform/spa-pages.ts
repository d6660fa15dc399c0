import fs from 'node:fs';
import path from 'node:path';

/** The page a SPA address shows: the path after its language, without slashes at either end (`/en/card-buy-sell/` → `card-buy-sell`). */
export const pageOfPath = (pathname: string): string => pathname.split('/').filter(Boolean).slice(1).join('/');

/**
 * The file that answers a SPA address: `pages/<page>.html`, index.html with the page's own chunks
 * named as preloads (apps/web/route-preloads-plugin.ts), when the build made one for the page;
 * index.html otherwise (an unknown page, or a build without them). The pages are listed once at
 * start, so an address never reaches the file system.
 */
export function createSpaPages(webDist: string): (pathname: string) => string {
  const pagesDir = path.join(webDist, 'pages');
  const pages = new Set(
    fs.existsSync(pagesDir)
      ? fs
          .readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.html'))
          .map((file) => file.slice(0, -'.html'.length).split(path.sep).join('/'))
      : [],
  );
  return (pathname) => {
    const page = pageOfPath(pathname);
    return pages.has(page) ? `pages/${page}.html` : 'index.html';
  };
}
