import { useEffect, useMemo, useState } from 'react';
import { loadOnce } from '@/lib/load-once';

type Modules = boolean[][];
type Encode = (text: string) => Modules;

/** The QR encoder (uqr) in its own chunk: only an operator's first sign-in draws one. */
const encoder = loadOnce<Encode>(() =>
  import('uqr').then(
    ({ encode }) =>
      (text: string) =>
        encode(text, { ecc: 'M', border: 0 }).data,
  ),
);

const QUIET_ZONE = 4;

function pathOf(modules: Modules): string {
  let path = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    }),
  );
  return path;
}

/**
 * The otpauth URI as a QR code an authenticator app scans: dark on white in dark mode too (scanners read
 * dark on light). Until the encoder arrives an empty square holds its place; the setup key beside it says the same.
 */
export function EnrolQrCode({ value, label }: { value: string; label: string }) {
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
  const modules = useMemo(() => (encode ? encode(value) : null), [encode, value]);
  if (!modules) return <div aria-hidden="true" className="size-44 shrink-0 bg-white" />;
  const size = modules.length + 2 * QUIET_ZONE;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className="size-44 shrink-0 bg-white">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={pathOf(modules)} fill="#000000" />
    </svg>
  );
}
