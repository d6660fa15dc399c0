import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '@/ui';
import { isSlotFilled, isSlotFree, placeArrivals, SLOTS } from './document-slots';

const arrived = (name: string) => ({ filePath: `kyc/u1/${name}`, fileName: name, fileType: 'jpg', createdAt: '2026-11-22T10:00:00.000Z' });
const file = (status: UploadedFile['status'], name = 'x.jpg'): UploadedFile => ({
  id: name,
  fileName: name,
  s3FileName: name,
  fileType: 'jpg',
  status,
  ...(status === 'done' ? { filePath: `kyc/u1/${name}` } : {}),
});
const names = (files: UploadedFile[]) => files.map((f) => f.fileName);

describe('document slots', () => {
  it('a slot is free when empty or holding only failed uploads, filled when its files are stored', () => {
    expect(isSlotFree([])).toBe(true);
    expect(isSlotFree([file('error')])).toBe(true);
    expect(isSlotFree([file('uploading')])).toBe(false);
    expect(isSlotFree([file('done')])).toBe(false);
    expect(isSlotFilled([])).toBe(false);
    expect(isSlotFilled([file('uploading')])).toBe(false);
    expect(isSlotFilled([file('done')])).toBe(true);
  });

  it('places arrivals in order into the free slots (front, then back), as finished uploads', () => {
    const next = placeArrivals({ front: [], back: [] }, SLOTS.ID_CARD, [arrived('a.jpg'), arrived('b.jpg'), arrived('c.jpg')]);
    expect(names(next.front)).toEqual(['a.jpg']);
    expect(names(next.back)).toEqual(['b.jpg']);
    expect(next.front[0]).toMatchObject({ status: 'done', filePath: 'kyc/u1/a.jpg', fileType: 'jpg' });
  });

  it('skips a slot that already holds a file or an upload, and replaces a failed one', () => {
    const taken = { front: [file('uploading', 'mine.jpg')], back: [file('error', 'failed.jpg')] };
    const next = placeArrivals(taken, SLOTS.ID_CARD, [arrived('phone.jpg')]);
    expect(names(next.front)).toEqual(['mine.jpg']);
    expect(names(next.back)).toEqual(['phone.jpg']);
  });

  it('a passport takes only its front', () => {
    const next = placeArrivals({ front: [], back: [] }, SLOTS.PASSPORT, [arrived('a.jpg'), arrived('b.jpg')]);
    expect(names(next.front)).toEqual(['a.jpg']);
    expect(next.back).toEqual([]);
  });
});
