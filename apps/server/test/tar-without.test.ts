import { describe, expect, it } from 'vitest';
import { tarWithout } from './tar-without.ts';

/** A ustar entry: its header (name, octal size) and its data padded to 512 bytes. */
function entry(name: string, data: string): Uint8Array {
  const bytes = new TextEncoder().encode(data);
  const block = new Uint8Array(512 + Math.ceil(bytes.length / 512) * 512);
  block.set(new TextEncoder().encode(name), 0);
  block.set(new TextEncoder().encode(`${bytes.length.toString(8).padStart(11, '0')}\0`), 124);
  block.set(bytes, 512);
  return block;
}
const archive = (...entries: Uint8Array[]) => {
  const out = new Uint8Array(entries.reduce((sum, e) => sum + e.length, 0) + 1024);
  entries.reduce((at, e) => (out.set(e, at), at + e.length), 0);
  return out;
};
const names = (tar: Uint8Array) => {
  const found: string[] = [];
  for (let at = 0; tar[at] !== 0 && at < tar.length;) {
    const header = tar.subarray(at, at + 512);
    found.push(new TextDecoder().decode(header.subarray(0, header.indexOf(0))));
    at += 512 + Math.ceil(Number.parseInt(new TextDecoder().decode(header.subarray(124, 135)), 8) / 512) * 512;
  }
  return found;
};

describe('tarWithout (the test snapshot without the template databases)', () => {
  it('drops the entries under the folders named, with or without a leading slash, and keeps the rest byte for byte', () => {
    const kept = [entry('/base/5/1249', 'x'.repeat(700)), entry('/pg_wal/000000010000000000000001', 'wal'), entry('/base/10/1', 'ten')];
    const tar = archive(entry('/base/1/2838', 'template1'), kept[0]!, entry('base/4/1255', 'y'.repeat(1024)), kept[1]!, kept[2]!);
    const out = tarWithout(tar, ['base/1', 'base/4']);
    expect(names(out)).toEqual(['/base/5/1249', '/pg_wal/000000010000000000000001', '/base/10/1']);
    expect(out).toEqual(archive(...kept));
  });
});
