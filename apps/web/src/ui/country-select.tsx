import type { CountryItem } from '@causeway/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names.ts';
import { CountryFlag } from './country-flag.tsx';

/** A country's name in the page language `lng` (Chinese for zh, else English). */
export const countryName = (country: CountryItem, lng: string): string =>
  lng.startsWith('zh') ? country.chineseName : country.englishName;

/** The name of the country `code` in `countries`, in the page language; the code itself when it is not listed. */
export function countryNameOf(countries: readonly CountryItem[] | undefined, code: string, lng: string): string {
  const country = countries?.find((item) => item.towCharCode === code);
  return country ? countryName(country, lng) : code;
}

/** Props of {@link CountrySelect}. */
export interface CountrySelectProps {
  /** Visible label, associated with the select. */
  label: string;
  name: string;
  /** The chosen two-letter code, '' for none. */
  value: string;
  /** list-country-code's answer. */
  countries: readonly CountryItem[];
  onChange: (code: string) => void;
  /** Text of the empty first option (no country chosen yet). */
  placeholder: string;
  autoComplete?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A labelled native select of the countries (docs/rules/entities.md country item): each option shows the name in
 * the page language and the two-letter code, sorted by name in that language; the chosen
 * country's flag is an image inside the box, before its name. A native option holds text only,
 * and the list's flag emoji showed as empty boxes where the system has no emoji font (Chromium
 * on Linux), so the list has none. Styled like TextInput (label above, 48 px box, focus ring).
 */
export function CountrySelect({
  label,
  name,
  value,
  countries,
  onChange,
  placeholder,
  autoComplete = 'off',
  disabled,
  className,
}: CountrySelectProps) {
  const { i18n } = useTranslation();
  const id = useId();
  const lng = i18n.language;
  const options = useMemo(() => {
    const collator = new Intl.Collator(lng);
    return countries
      .map((country) => ({ code: country.towCharCode, name: countryName(country, lng) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [countries, lng]);
  return (
    <div className={cx('flex flex-col', className)}>
      <label htmlFor={id} className="mb-1.5 text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        {/* Over the select's left padding; clicks go through to the select. */}
        {value ? <CountryFlag code={value} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2" /> : null}
        <select
          id={id}
          name={name}
          autoComplete={autoComplete}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className={cx(
            'h-12 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-base text-fg',
            value && 'pl-11',
            'focus:ring-2 focus:ring-focus focus-visible:outline-none!',
            disabled && 'opacity-60',
          )}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>{`${option.name} (${option.code})`}</option>
          ))}
        </select>
      </div>
    </div>
  );
}
