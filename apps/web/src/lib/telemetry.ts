import { API_BASE, CALL_ROUTES, redactTraceText, TRACE_ELEMENT_ID_PATTERN, TRACE_LIMITS } from '@causeway/contracts';
import type { HttpClient } from './http-client.ts';
import { useHttpClient } from './http-context.tsx';
import { isApiError, isOffline } from './http-errors.ts';

/**
 * Analytics events (spec: "Telemetry: POST /capi/v1/user/trace/log batched every 5 s with beacon on unload"):
 * `track(elementId, { subElementId, message })` queues an event; the queue goes out every 5 s through the app's
 * HTTP client while the page is visible (with the session's token, so the server counts the events as the
 * person's), and by `navigator.sendBeacon` as the page is hidden or left. A beacon carries no header of ours,
 * so no token: a beacon's batch is stored anonymously. Best effort throughout: nothing here ever throws into
 * the page, and nothing waits for it.
 *
 * To track something: `const track = useTrack()` in a component, then `track('area.element', { subElementId,
 * message })` in its handler (the trade form's Continue is the first). Keep this module off the sign-in pages'
 * first load (e2e/first-load-budget.e2e.ts): import it only from a page or component that loads later.
 */

/** How often the queue is sent (spec: "analytics flush 5 s"). */
export const TELEMETRY_FLUSH_MS = 5_000;
/** Events kept while they cannot go out (hidden, offline, rate-limited): past this the oldest are dropped. */
export const TELEMETRY_QUEUE_CAP = 200;
/** One batch's JSON at most: under the server's 16 KB body limit (trace-log.routes.ts), with room to spare. */
export const TELEMETRY_BATCH_BYTES = 15 * 1024;

export interface TrackDetails {
  /** Which part of the element, or which choice (`CARD`): at most 64 characters. */
  subElementId?: string;
  /** A short note: at most 500 characters. Never a secret: one that looks like it is sent as '[redacted]'. */
  message?: string;
}

/** Queues one event. elementId is a dotted name, the area then the element (the trade form's Continue is one): letters, digits, `_`, `.`, `-`, at most 64. */
export type Track = (elementId: string, details?: TrackDetails) => void;

export interface Telemetry {
  track: Track;
  /** Sends the queue now with the HTTP client (what the 5 s timer does). Resolves when done; never rejects. */
  flush: () => Promise<void>;
  /** Sends the queue now by beacon (what hiding or leaving the page does). */
  flushByBeacon: () => void;
  /** Events waiting to go out. */
  pending: () => number;
  /** Stops the timer and the page listeners (tests). */
  dispose: () => void;
}

interface QueuedEvent {
  uuid: string;
  elementId: string;
  subElementId?: string;
  message?: string;
  at: string;
}

const BEACON_URL = `${API_BASE}${CALL_ROUTES.traceLog.path}`;
const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;
/** `{"events":[` and `]}`. */
const BATCH_WRAPPER_BYTES = byteLength(JSON.stringify({ events: [] }));

/** One event, or null when it cannot be sent (an elementId the server would refuse, or that looks like a secret). */
function eventOf(elementId: string, details: TrackDetails, now: number): QueuedEvent | null {
  if (elementId.length > TRACE_LIMITS.elementIdChars || !TRACE_ELEMENT_ID_PATTERN.test(elementId)) return null;
  if (redactTraceText(elementId) !== elementId) return null;
  const event: QueuedEvent = { uuid: crypto.randomUUID(), elementId, at: new Date(now).toISOString() };
  const subElementId = details.subElementId?.slice(0, TRACE_LIMITS.subElementIdChars);
  if (subElementId) event.subElementId = redactTraceText(subElementId);
  const message = details.message?.slice(0, TRACE_LIMITS.messageChars);
  if (message !== undefined) event.message = redactTraceText(message);
  return event;
}

/**
 * The telemetry queue of one HTTP client. The timer starts with the first event and stops when the queue is
 * empty again; the page listeners are added with the first event.
 */
export function createTelemetry(client: Pick<HttpClient, 'call'>, options: { now?: () => number } = {}): Telemetry {
  const now = options.now ?? (() => Date.now());
  let queue: QueuedEvent[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let listening = false;
  let sending = false;
  /** Until when the server asked us to wait (its Retry-After on a 429). */
  let pausedUntil = 0;

  const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

  /** Puts events back at the front, keeping the cap (the oldest go first). */
  function requeue(events: QueuedEvent[]) {
    queue = [...events, ...queue].slice(-TELEMETRY_QUEUE_CAP);
  }

  /** Takes the oldest events that fit one batch: at most 50, at most TELEMETRY_BATCH_BYTES of JSON. */
  function takeBatch(): QueuedEvent[] {
    let bytes = BATCH_WRAPPER_BYTES;
    let count = 0;
    for (const event of queue) {
      const size = byteLength(JSON.stringify(event)) + (count > 0 ? 1 : 0);
      if (count === TRACE_LIMITS.eventsPerBatch || (count > 0 && bytes + size > TELEMETRY_BATCH_BYTES)) break;
      bytes += size;
      count += 1;
    }
    return queue.splice(0, count);
  }

  function stopTimer() {
    clearInterval(timer);
    timer = undefined;
  }

  async function flush(): Promise<void> {
    if (sending || queue.length === 0 || isHidden() || now() < pausedUntil) return;
    sending = true;
    try {
      while (queue.length > 0) {
        const events = takeBatch();
        try {
          // Silent: a refused batch is nobody's business but ours, never a toast or a redirect.
          await client.call(CALL_ROUTES.traceLog, { events }, { silent: true });
        } catch (error) {
          // Not stored for now (offline, or over a limit until Retry-After): kept for a later try. Any other
          // refusal would be the same again, so that batch is dropped.
          if (isOffline(error)) requeue(events);
          else if (isApiError(error) && error.retryAfterSeconds !== undefined) {
            pausedUntil = now() + error.retryAfterSeconds * 1000;
            requeue(events);
          }
          return;
        }
      }
    } catch {
      // Never into the page.
    } finally {
      sending = false;
      if (queue.length === 0) stopTimer();
    }
  }

  /** True when the browser took the batch (it sends it even as the page goes away). */
  function beacon(events: QueuedEvent[]): boolean {
    try {
      const body = new Blob([JSON.stringify({ events })], { type: 'application/json' });
      return navigator.sendBeacon?.(BEACON_URL, body) === true;
    } catch {
      return false;
    }
  }

  function flushByBeacon() {
    // Over a limit: the server would refuse the beacon too.
    if (now() < pausedUntil) return;
    while (queue.length > 0) {
      const events = takeBatch();
      // No beacon (an old browser), the browser's beacon queue full, or a refusal: the events wait for the next
      // visible flush.
      if (!beacon(events)) {
        requeue(events);
        return;
      }
    }
    stopTimer();
  }

  const onVisibilityChange = () => {
    if (isHidden()) flushByBeacon();
  };

  function listen() {
    if (listening || typeof window === 'undefined') return;
    listening = true;
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', flushByBeacon);
  }

  const track: Track = (elementId, details = {}) => {
    try {
      const event = eventOf(elementId, details, now());
      if (!event) return;
      queue.push(event);
      if (queue.length > TELEMETRY_QUEUE_CAP) queue.splice(0, queue.length - TELEMETRY_QUEUE_CAP);
      timer ??= setInterval(() => void flush(), TELEMETRY_FLUSH_MS);
      listen();
    } catch {
      // Never into the page (no crypto.randomUUID outside a secure context, for one).
    }
  };

  return {
    track,
    flush,
    flushByBeacon,
    pending: () => queue.length,
    dispose: () => {
      stopTimer();
      if (!listening) return;
      listening = false;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', flushByBeacon);
    },
  };
}

const telemetryByClient = new WeakMap<Pick<HttpClient, 'call'>, Telemetry>();

/** The one telemetry queue of an HTTP client (the app has one client, so one queue). */
export function telemetryOf(client: Pick<HttpClient, 'call'>): Telemetry {
  let telemetry = telemetryByClient.get(client);
  if (!telemetry) {
    telemetry = createTelemetry(client);
    telemetryByClient.set(client, telemetry);
  }
  return telemetry;
}

/** `track` of the app's telemetry queue, for a component: `const track = useTrack(); track('area.element')`. */
export function useTrack(): Track {
  return telemetryOf(useHttpClient()).track;
}
