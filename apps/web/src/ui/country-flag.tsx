import { useState } from 'react';
import { cx } from './class-names.ts';
import { FLAGS_PATH } from './flags-path.ts';

/**
 * The flag image of a two-letter country code; null for anything else. The build puts one SVG per
 * country under FLAGS_PATH (flag-images-plugin.ts: flag-icons' 4×3 flags, MIT): separate static
 * files, fetched only when a flag is shown, so none of them weighs on a page's JavaScript.
 */
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
