import { PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { AppError } from '../../platform/app-error.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { createHistoryExportRepository } from './history-export.repository.ts';
import { checkExportRange, createHistoryExportService } from './history-export.service.ts';

const DAY_MS = 86_400_000;

describe('history export range (docs/rules/validation.md "History")', () => {
  const now = new Date('2026-11-21T12:00:00Z').getTime();
  const refusalOf = (from: number, to: number) => {
    try {
      checkExportRange(new Date(from), new Date(to), new Date(now));
      return null;
    } catch (error) {
      return (error as AppError).errorName;
    }
  };

  it('takes 365 whole days ending today, a single moment, and an hour more for a daylight-saving change', () => {
    expect(refusalOf(now - 364 * DAY_MS, now + DAY_MS - 1)).toBeNull();
    expect(refusalOf(now, now)).toBeNull();
    expect(refusalOf(now - 365 * DAY_MS - 60 * 60 * 1000, now)).toBeNull();
  });

  it('refuses an end before the start, or more than 365 days', () => {
    expect(refusalOf(now, now - 1)).toBe('HistoryRangeTooLong');
    expect(refusalOf(now - 366 * DAY_MS, now)).toBe('HistoryRangeTooLong');
  });

  it('refuses an end after the end of today in every time zone (a day from now)', () => {
    expect(refusalOf(now - DAY_MS, now + DAY_MS)).toBeNull();
    expect(refusalOf(now - DAY_MS, now + DAY_MS + 1)).toBe('HistoryRangeInFuture');
  });
});

describe('a history export whose file cannot be written', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.app.close());

  /** Storage that refuses every write, as an unreachable bucket does. */
  const brokenStorage = {
    write: async () => {
      throw new Error('bucket unreachable');
    },
  } as unknown as StorageProvider;

  it('is retried, then given up as FAILED: the page stops waiting and no link is answered', async () => {
    const person = await newIndividual(t, 'export-broken@example.com');
    const headers = tokenHeaders(person.token);
    const now = t.clock.now().getTime();
    const asked = await call(t.app, 'POST', PATHS.exportHistory, {
      headers,
      body: { from: new Date(now - DAY_MS).toISOString(), to: new Date(now).toISOString() },
    });
    const { exportId } = asked.body.data as { exportId: string };
    const service = createHistoryExportService({
      exports: createHistoryExportRepository(t.db),
      storage: brokenStorage,
      queue: createJobQueueRepository(t.db),
      transaction: t.unitOfWork.transaction,
      clock: t.clock,
      log: t.app.log,
      linkKey: Buffer.alloc(32, 1),
      downloadUrlOf: () => '/never',
    });
    const statusOf = async () => (await call(t.app, 'GET', `${PATHS.exportHistoryStatus}?exportId=${exportId}`, { headers })).body.data;

    for (const attempt of [1, 2, 3, 4]) await expect(service.generate(exportId, attempt)).rejects.toThrow('bucket unreachable');
    expect(await statusOf()).toMatchObject({ status: 'PENDING' });
    await service.generate(exportId, 5);
    expect(await statusOf()).toEqual({ exportId, status: 'FAILED', downloadUrl: null, expiresAt: null });
    // The app's own job finds it given up and leaves it so.
    await t.app.jobs.drain();
    expect(await statusOf()).toMatchObject({ status: 'FAILED' });
  });
});
