import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../precompress-plugin.ts';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, bytes: Buffer | string) => {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), bytes);
};

describe('the build compresses its text files once (precompress-plugin.ts)', () => {
  it('writes a brotli and a gzip copy beside each text file from 1 kB up, which decompress to the same bytes', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const script = 'export const greeting = "hello";\n'.repeat(200);
    write('assets/index-abc123.js', script);
    write('index.html', `<!doctype html><title>x</title>${'<p>text</p>'.repeat(200)}`);
    write('assets/tiny-abc123.js', 'export const a = 1;');
    write('assets/photo.png', Buffer.alloc(4096, 7));

    expect(precompressDir(dir)).toBe(4);
    const js = fs.readFileSync(path.join(dir, 'assets/index-abc123.js'));
    expect(brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets/index-abc123.js.br')))).toEqual(js);
    expect(gunzipSync(fs.readFileSync(path.join(dir, 'assets/index-abc123.js.gz')))).toEqual(js);
    expect(fs.readFileSync(path.join(dir, 'assets/index-abc123.js.br')).length).toBeLessThan(js.length / 10);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    // Too small to gain, and an image (compressed already): sent as they are.
    expect(fs.existsSync(path.join(dir, 'assets/tiny-abc123.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets/photo.png.br'))).toBe(false);
  });
});
