import { API_BASE, PATHS, TRACE_REDACTED } from '@causeway/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routedHttpClient } from '@/test/routed-http-client';
import { ApiError } from './http-errors';
import { createTelemetry, type Telemetry, TELEMETRY_BATCH_BYTES, TELEMETRY_FLUSH_MS, TELEMETRY_QUEUE_CAP } from './telemetry';

interface SentEvent {
  uuid: string;
  elementId: string;
  subElementId?: string;
  message?: string;
  at: string;
}

let sendBeacon: ReturnType<typeof vi.fn<(url: string, data: Blob) => boolean>>;
let visibility: DocumentVisibilityState;
let telemetry: Telemetry | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-02T03:04:05.000Z') });
  sendBeacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  telemetry?.dispose();
  telemetry = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A telemetry queue over a test client that stores every batch (or answers as `respond` says). */
function setUp(respond: (body: { events: SentEvent[] }) => unknown = () => null) {
  const http = routedHttpClient({ [PATHS.traceLog]: respond });
  telemetry = createTelemetry(http.client);
  const batches = () => http.bodiesOf(PATHS.traceLog) as Array<{ events: SentEvent[] }>;
  return { http, telemetry, batches, sent: () => batches().flatMap((batch) => batch.events) };
}

const hide = () => {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
};
const beaconEvents = async (call: number): Promise<SentEvent[]> => {
  const [url, blob] = sendBeacon.mock.calls[call] ?? [];
  expect(url).toBe(`${API_BASE}${PATHS.traceLog}`);
  expect(blob?.type).toBe('application/json');
  return (JSON.parse(await blob!.text()) as { events: SentEvent[] }).events;
};

describe('telemetry: the queue', () => {
  it('starts no timer before the first event, sends the batch after 5 s and not before, then stops its timer', async () => {
    const { telemetry, sent } = setUp();
    expect(vi.getTimerCount()).toBe(0);
    telemetry.track('trade.continue', { subElementId: 'CARD', message: 'quote ready' });
    telemetry.track('help.open');
    expect(vi.getTimerCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS - 1);
    expect(sent()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent()).toEqual([
      {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        elementId: 'trade.continue',
        subElementId: 'CARD',
        message: 'quote ready',
        at: '2026-01-02T03:04:05.000Z',
      },
      { uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), elementId: 'help.open', at: '2026-01-02T03:04:05.000Z' },
    ]);
    expect(new Set(sent().map((event) => event.uuid)).size).toBe(2);
    expect(telemetry.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends silently: a refused batch reaches no error handler', async () => {
    const { http, telemetry } = setUp();
    telemetry.track('trade.continue');
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    expect(http.calls[0]?.options).toMatchObject({ silent: true });
  });

  it('splits a long queue into batches of at most 50 events and 15 KB', async () => {
    const { telemetry, batches, sent } = setUp();
    for (let i = 0; i < 120; i += 1) telemetry.track('list.row', { subElementId: String(i) });
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    expect(batches().map((batch) => batch.events.length)).toEqual([50, 50, 20]);
    expect(sent().map((event) => event.subElementId)).toEqual(Array.from({ length: 120 }, (_, i) => String(i)));

    for (let i = 0; i < 50; i += 1) telemetry.track('long.note', { message: 'é'.repeat(500) });
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    const long = batches().slice(3);
    expect(long.length).toBeGreaterThan(1);
    for (const batch of long) expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(TELEMETRY_BATCH_BYTES);
    expect(long.flatMap((batch) => batch.events)).toHaveLength(50);
  });

  it(`keeps at most ${TELEMETRY_QUEUE_CAP} events, dropping the oldest`, async () => {
    const { telemetry, sent } = setUp();
    for (let i = 0; i < TELEMETRY_QUEUE_CAP + 30; i += 1) telemetry.track('list.row', { subElementId: String(i) });
    expect(telemetry.pending()).toBe(TELEMETRY_QUEUE_CAP);
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    const kept = sent().map((event) => event.subElementId);
    expect(kept).toHaveLength(TELEMETRY_QUEUE_CAP);
    expect(kept[0]).toBe('30');
    expect(kept.at(-1)).toBe(String(TELEMETRY_QUEUE_CAP + 29));
  });

  it('cuts a long message and subElementId to what the server takes', async () => {
    const { telemetry, sent } = setUp();
    telemetry.track('long.note', { subElementId: 's'.repeat(100), message: 'm'.repeat(900) });
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    expect(sent()[0]).toMatchObject({ subElementId: 's'.repeat(64), message: 'm'.repeat(500) });
  });
});

describe('telemetry: never a secret', () => {
  it('sends "[redacted]" for a message or subElementId that looks like a card number, a code, an email or a token', async () => {
    const { telemetry, sent } = setUp();
    telemetry.track('card.add', { message: 'typed 4111 1111 1111 1111' });
    telemetry.track('code.entered', { message: 'code 123456' });
    telemetry.track('email.entered', { subElementId: 'jane@example.com' });
    telemetry.track('session', { message: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' });
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    expect(sent().map(({ elementId, subElementId, message }) => ({ elementId, subElementId, message }))).toEqual([
      { elementId: 'card.add', subElementId: undefined, message: TRACE_REDACTED },
      { elementId: 'code.entered', subElementId: undefined, message: TRACE_REDACTED },
      { elementId: 'email.entered', subElementId: TRACE_REDACTED, message: undefined },
      { elementId: 'session', subElementId: undefined, message: TRACE_REDACTED },
    ]);
  });

  it('drops an event whose elementId looks like a secret or is not a dotted name, without throwing', () => {
    const { telemetry } = setUp();
    expect(() => telemetry.track('4111111111111111')).not.toThrow();
    expect(() => telemetry.track('trade continue')).not.toThrow();
    expect(() => telemetry.track('x'.repeat(65))).not.toThrow();
    expect(telemetry.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('telemetry: leaving the page', () => {
  it('sends the queue by beacon, as anonymous JSON, when the page is hidden, and nothing more by the client', async () => {
    const { telemetry, sent } = setUp();
    telemetry.track('trade.continue', { subElementId: 'CARD' });
    hide();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(await beaconEvents(0)).toMatchObject([{ elementId: 'trade.continue', subElementId: 'CARD' }]);
    expect(telemetry.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS * 2);
    expect(sent()).toEqual([]);
  });

  it('sends the queue by beacon on pagehide, in batches of at most 50', async () => {
    const { telemetry } = setUp();
    for (let i = 0; i < 70; i += 1) telemetry.track('list.row', { subElementId: String(i) });
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    expect(await beaconEvents(0)).toHaveLength(50);
    expect(await beaconEvents(1)).toHaveLength(20);
  });

  it('keeps the events the browser would not queue a beacon for, and sends them once the page is visible again', async () => {
    const { telemetry, sent } = setUp();
    sendBeacon.mockReturnValue(false);
    telemetry.track('trade.continue');
    hide();
    expect(telemetry.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    expect(sent()).toEqual([]);
    visibility = 'visible';
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    expect(sent()).toMatchObject([{ elementId: 'trade.continue' }]);
  });

  it('never throws when the beacon does, nor when there is none', () => {
    const { telemetry } = setUp();
    telemetry.track('trade.continue');
    sendBeacon.mockImplementation(() => {
      throw new TypeError('beacon refused');
    });
    expect(() => hide()).not.toThrow();
    vi.stubGlobal('navigator', {});
    expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow();
    expect(telemetry.pending()).toBe(1);
  });
});

describe('telemetry: when the server does not store a batch', () => {
  it('keeps the batch while offline and sends it on the next tick', async () => {
    let offline = true;
    const { telemetry, sent } = setUp(() => {
      if (offline) throw new ApiError({ kind: 'network', path: PATHS.traceLog, msg: 'Network error' });
      return null;
    });
    telemetry.track('trade.continue');
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    expect(telemetry.pending()).toBe(1);
    offline = false;
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    expect(sent()).toHaveLength(2);
    expect(telemetry.pending()).toBe(0);
  });

  it('waits out a rate limit (Retry-After) before sending again, by client or by beacon', async () => {
    let limited = true;
    const { http, telemetry } = setUp(() => {
      if (limited)
        throw new ApiError({
          kind: 'business',
          path: PATHS.traceLog,
          code: 'REQ0000429',
          msg: 'Too many',
          httpStatus: 429,
          retryAfterSeconds: 60,
        });
      return null;
    });
    telemetry.track('trade.continue');
    await vi.advanceTimersByTimeAsync(TELEMETRY_FLUSH_MS);
    expect(http.calls).toHaveLength(1);
    limited = false;
    await vi.advanceTimersByTimeAsync(50_000);
    expect(http.calls).toHaveLength(1);
    hide();
    expect(sendBeacon).not.toHaveBeenCalled();
    visibility = 'visible';
    await vi.advanceTimersByTimeAsync(15_000);
    expect(http.calls).toHaveLength(2);
    expect(telemetry.pending()).toBe(0);
  });

  it('drops a batch the server refused as malformed, and never rejects', async () => {
    const { telemetry } = setUp(() => {
      throw new ApiError({ kind: 'business', path: PATHS.traceLog, code: 'REQ0000400', msg: 'Bad', httpStatus: 400 });
    });
    telemetry.track('trade.continue');
    await expect(telemetry.flush()).resolves.toBeUndefined();
    expect(telemetry.pending()).toBe(0);
  });
});
