import { PassThrough } from 'node:stream';
import type { Connect, ViteDevServer } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { flagImages } from '../../flag-images-plugin';
import { countryFlagUrl } from './country-flag.tsx';
import { FLAGS_PATH } from './flags-path.ts';

interface Emitted {
  fileName: string;
  source: Buffer;
}

/** What the plugin adds to a build. */
function emittedFiles(): Emitted[] {
  const emitted: Emitted[] = [];
  const generateBundle = flagImages().generateBundle as unknown as (this: { emitFile(file: Emitted): string }) => void;
  generateBundle.call({ emitFile: (file) => (emitted.push(file), file.fileName) });
  return emitted;
}

/** The dev server's answer to a GET of `url` under /flags/4x3. */
async function devServe(url: string): Promise<{ passedOn: boolean; type?: string; body: string }> {
  let handler: Connect.NextHandleFunction | undefined;
  const server = {
    middlewares: { use: (path: string, fn: Connect.NextHandleFunction) => ((handler = fn), expect(path).toBe(`/${FLAGS_PATH}`)) },
  };
  (flagImages().configureServer as (server: ViteDevServer) => void)(server as unknown as ViteDevServer);
  const response = Object.assign(new PassThrough(), { setHeader: vi.fn() });
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  let passedOn = false;
  handler!({ url } as Connect.IncomingMessage, response as never, () => (passedOn = true));
  if (!passedOn) await new Promise((resolve) => response.on('end', resolve));
  const type = response.setHeader.mock.calls.find(([name]) => name === 'content-type')?.[1] as string | undefined;
  return { passedOn, type, body: Buffer.concat(chunks).toString('utf8') };
}

describe('flag images in the build (flag-images-plugin)', () => {
  it('emits one SVG per two-letter country at the very path CountryFlag loads, with the MIT licence', () => {
    const files = emittedFiles();
    const names = files.map((file) => file.fileName);
    expect(names).toContain(countryFlagUrl('FR')!.slice(1));
    expect(names).toContain(countryFlagUrl('DE')!.slice(1));
    expect(names).toContain(`${FLAGS_PATH}/LICENSE`);
    expect(files.find((file) => file.fileName.endsWith('/LICENSE'))!.source.toString()).toMatch(/MIT License/);
    const flags = names.filter((name) => name.endsWith('.svg'));
    // Every ISO 3166 country, and no regional flags (gb-eng) or groupings (arab) nobody picks.
    expect(flags.length).toBeGreaterThanOrEqual(249);
    expect(flags.every((name) => /^flags\/4x3\/[a-z]{2}\.svg$/.test(name))).toBe(true);
    expect(files.find((file) => file.fileName === `${FLAGS_PATH}/fr.svg`)!.source.toString()).toMatch(/^<svg/);
  });

  it('answers the same files from the dev server, and nothing else', async () => {
    const flag = await devServe('/fr.svg');
    expect(flag.passedOn).toBe(false);
    expect(flag.type).toBe('image/svg+xml');
    expect(flag.body).toMatch(/^<svg/);
    for (const url of ['/../package.json', '/gb-eng.svg', '/zz.svg', '/fr.svg/..', '/']) {
      expect((await devServe(url)).passedOn).toBe(true);
    }
  });
});
