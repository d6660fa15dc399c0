import { useState } from 'react';
import { cx } from './class-names.ts';

/**
 * Where the build puts one SVG per country (vite.config.ts, flag-images-plugin.ts: flag-icons'
 * 4×3 flags, MIT). Separate static files, fetched only when a flag is shown: none of them weighs
 * on a page's JavaScript.
 */
const FLAGS_PATH = 'flags/4x3';

/** The flag image of a two-letter country code; null for anything else. */
export function countryFlagUrl(code: string): string | null {
  return /^[A-Za-z]{2}$/.test(code) ? `${import.meta.env.BASE_URL}${FLAGS_PATH}/${code.toLowerCase()}.svg` : null;
}

/**
 * A country's flag, 20 × 15 px, as an image: the flag emoji of the country list are drawn as
 * empty boxes where the system has no emoji font (Chromium on Linux) and as letter pairs on
 * Windows. Decorative (empty alt): the country's name is always written beside it. Nothing is
 * drawn for a code without a flag file.
 */
export function CountryFlag({ code, className }: { code: string; className?: string }) {
  const [failedCode, setFailedCode] = useState<string | null>(null);
  const url = countryFlagUrl(code);
  if (!url || failedCode === code) return null;
  return (
    <img
      src={url}
      alt=""
      width={20}
      height={15}
      loading="lazy"
      decoding="async"
      onError={() => setFailedCode(code)}
      className={cx('h-[15px] w-5 shrink-0 rounded-[2px] object-cover ring-1 ring-line', className)}
    />
  );
}
