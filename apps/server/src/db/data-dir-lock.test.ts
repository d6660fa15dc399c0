import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-lock-')), 'nested', 'data');
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true })));

describe('acquireDataDirLock', () => {
  it('creates missing parent folders and releases the lock', () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'causeway.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'causeway.lock'))).toBe(false);
  });

  it('refuses a second holder while a live process has it, naming the pid', () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    // The parent of this test process is alive and is not us: it stands for another server.
    fs.writeFileSync(path.join(dir, 'causeway.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${process.ppid}`));
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'causeway.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'causeway.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
