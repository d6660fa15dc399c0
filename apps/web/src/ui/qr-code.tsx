import { useEffect, useMemo, useState } from 'react';
import { loadOnce } from '@/lib/load-once';
import { cx } from '@/ui/class-names';

/** A QR code's modules, row by row: true for a dark one. */
type Modules = boolean[][];
type Encode = (text: string) => Modules;

/**
 * The QR encoder (uqr, MIT, no dependencies: some 3.5 kB of brotli) is its own chunk: only a sell's
 * deposit view and an operator's authenticator enrolment draw a QR code, so no first load carries it (issue 16's budgets). Error correction M
 * (15%): a screen's glare or a smudge does not stop a scan, and an address stays a small code.
 */
const encoder = loadOnce<Encode>(() =>
  import('uqr').then(
    ({ encode }) =>
      (text: string) =>
        encode(text, { ecc: 'M', border: 0 }).data,
  ),
);

/** The light margin around the code, in modules: the 4 the QR standard asks for, so a scanner finds its edges. */
const QUIET_ZONE = 4;

/** One SVG path for all the dark modules: a 1×1 square each, on a grid of module-sized units. */
function pathOf(modules: Modules): string {
  let path = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    }),
  );
  return path;
}

export interface QrCodeProps {
  /** What the code holds (a deposit's address and amount, an authenticator's otpauth URI). */
  value: string;
  /** Its text alternative: what it holds, in words (the address, and the amount when it has one). */
  label: string;
  className?: string;
}

/**
 * A QR code as an SVG image with a text alternative. Its colours are fixed, not the theme's: dark
 * modules on a white ground in dark mode too, since scanners read dark on light (a light-on-dark code
 * fails in many of them). While the encoder arrives, an empty square of the same size holds its place;
 * if it cannot arrive (offline), the square says nothing and the text beside it (the address, the setup key) is there to copy.
 */
export function QrCode({ value, label, className }: QrCodeProps) {
  const [encode, setEncode] = useState<Encode | null>(() => encoder.loaded());
  useEffect(() => {
    if (encode) return;
    let live = true;
    encoder.load().then(
      (loaded) => live && setEncode(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [encode]);

  // Encoded once per value, not at each second the countdown around it redraws.
  const modules = useMemo(() => (encode ? encode(value) : null), [encode, value]);

  const box = cx('size-44 shrink-0 bg-white', className);
  if (!modules) return <div aria-hidden="true" className={box} />;
  const size = modules.length + 2 * QUIET_ZONE;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className={box}>
      <rect width={size} height={size} fill="#ffffff" />
      <path d={pathOf(modules)} fill="#000000" />
    </svg>
  );
}
