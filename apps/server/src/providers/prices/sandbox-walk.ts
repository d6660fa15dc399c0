import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';

/**
 * The sandbox's price drift: a bounded random walk that is a pure function of (seed, asset, time
 * bucket), so every process with the same seed agrees at every instant, without replaying the walk
 * from some start.
 *
 * Time is cut into buckets of BUCKET_MS and the buckets into windows of WINDOW_BUCKETS (one hour).
 * Each window edge has an anchor drawn from SHA-256(seed, asset, window); inside a window the walk is
 * a random-walk bridge from one anchor to the next: the line between the anchors plus the seeded
 * steps' running sum minus the share of their total that the line already covers. It starts and ends
 * exactly on the anchors, so it is continuous across windows, and evaluating one bucket costs one
 * window of PRNG steps (360). Steps and anchors are small integers; the one division is done in
 * Decimal, so no float ever enters a price. The result is clamped to [-1, 1].
 */

export const BUCKET_MS = 10_000;
export const WINDOW_BUCKETS = 360;
/** The walk lives in [-RANGE, RANGE] units before it is scaled to [-1, 1]. */
const RANGE = 1_000;
/** Anchors stay within 60 % of the range, leaving room for the steps between them. */
const ANCHOR_RANGE = 600;
/** Each bucket moves by a whole number of units from -MAX_STEP to MAX_STEP (about 0.2 % of the range). */
const MAX_STEP = 7;

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Four 32-bit words of SHA-256 over a label: seeds for the PRNG and the anchors. */
function hashWords(label: string): [number, number, number, number] {
  const digest = createHash('sha256').update(label).digest();
  return [digest.readUInt32BE(0), digest.readUInt32BE(4), digest.readUInt32BE(8), digest.readUInt32BE(12)];
}

/** sfc32 (Chris Doty-Humphrey's Small Fast Counter): 32-bit integer arithmetic only, so identical on every engine. */
function sfc32(seed: [number, number, number, number]): () => number {
  let [a, b, c, d] = seed;
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
}

const label = (seed: string, asset: string, window: number, part: string) => `causeway-sandbox-price|${part}|${seed}|${asset}|${window}`;

function anchor(seed: string, asset: string, window: number): number {
  return (hashWords(label(seed, asset, window, 'anchor'))[0] % (2 * ANCHOR_RANGE + 1)) - ANCHOR_RANGE;
}

/** The time bucket an instant falls in. */
export const bucketOf = (at: Date) => Math.floor(at.getTime() / BUCKET_MS);

/** Where the walk of `asset` stands in `bucket`, in [-1, 1]. Deterministic in (seed, asset, bucket). */
export function walkOffset(seed: string, asset: string, bucket: number): Decimal {
  if (!Number.isSafeInteger(bucket)) throw new RangeError(`bucket must be a safe integer (got ${bucket})`);
  const window = Math.floor(bucket / WINDOW_BUCKETS);
  const step = bucket - window * WINDOW_BUCKETS;
  const next = sfc32(hashWords(label(seed, asset, window, 'steps')));
  let sumToStep = 0;
  let total = 0;
  for (let i = 0; i < WINDOW_BUCKETS; i += 1) {
    if (i === step) sumToStep = total;
    total += (next() % (2 * MAX_STEP + 1)) - MAX_STEP;
  }
  const start = anchor(seed, asset, window);
  const end = anchor(seed, asset, window + 1);
  // units × WINDOW = start × WINDOW + (end − start) × step + S(step) × WINDOW − S(WINDOW) × step: all integers, well inside 2^53.
  const scaled = start * WINDOW_BUCKETS + (end - start) * step + sumToStep * WINDOW_BUCKETS - total * step;
  const units = new Exact(scaled).dividedBy(WINDOW_BUCKETS);
  return Exact.max(-RANGE, Exact.min(RANGE, units)).dividedBy(RANGE);
}
