import type { CountryItem } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { CountrySelect, countryName, countryNameOf } from './country-select.tsx';

const COUNTRIES: CountryItem[] = [
  { towCharCode: 'FR', englishName: 'France', chineseName: '法国', flag: '🇫🇷' },
  { towCharCode: 'AT', englishName: 'Austria', chineseName: '奥地利', flag: '🇦🇹' },
];

describe('CountrySelect', () => {
  it('labels a select whose options show the name and the two-letter code, sorted by name, without emoji flags', () => {
    renderWithI18n(
      <CountrySelect label="Country" name="country" placeholder="Select a country" value="" countries={COUNTRIES} onChange={() => {}} />,
    );
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(select).toHaveAttribute('name', 'country');
    expect(select).toHaveValue('');
    expect([...select.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Select a country'],
      ['AT', 'Austria (AT)'],
      ['FR', 'France (FR)'],
    ]);
  });

  it("shows the chosen country's flag as an image inside the field, decorative beside the name", () => {
    const { container } = renderWithI18n(
      <CountrySelect label="Country" name="country" placeholder="Select a country" value="FR" countries={COUNTRIES} onChange={() => {}} />,
    );
    const flag = container.querySelector('img')!;
    expect(flag).toHaveAttribute('src', '/flags/4x3/fr.svg');
    expect(flag).toHaveAttribute('alt', '');
    // The select's text starts after the flag.
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveClass('pl-11');
  });

  it('shows no flag while no country is chosen', () => {
    const { container } = renderWithI18n(
      <CountrySelect label="Country" name="country" placeholder="Select a country" value="" countries={COUNTRIES} onChange={() => {}} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Country' })).not.toHaveClass('pl-11');
  });

  it('is styled like the other fields, with a focus ring', () => {
    renderWithI18n(
      <CountrySelect label="Country" name="country" placeholder="Select a country" value="FR" countries={COUNTRIES} onChange={() => {}} />,
    );
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(select).toHaveValue('FR');
    expect(select).toHaveClass('h-12', 'rounded-xl', 'border-line', 'bg-surface', 'focus:ring-2', 'focus:ring-focus');
  });

  it('answers the chosen code', async () => {
    const onChange = vi.fn();
    renderWithI18n(
      <CountrySelect label="Country" name="country" placeholder="Select a country" value="" countries={COUNTRIES} onChange={onChange} />,
    );
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'AT');
    expect(onChange).toHaveBeenCalledWith('AT');
  });
});

describe('countryName and countryNameOf', () => {
  it('name a country in the page language', () => {
    expect(countryName(COUNTRIES[0]!, 'en')).toBe('France');
    expect(countryName(COUNTRIES[0]!, 'zh')).toBe('法国');
    expect(countryNameOf(COUNTRIES, 'AT', 'zh')).toBe('奥地利');
  });

  it('fall back to the code for a country not listed (or no list yet)', () => {
    expect(countryNameOf(COUNTRIES, 'DE', 'en')).toBe('DE');
    expect(countryNameOf(undefined, 'FR', 'en')).toBe('FR');
  });
});
