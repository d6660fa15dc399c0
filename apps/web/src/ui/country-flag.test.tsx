import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountryFlag, countryFlagUrl } from './country-flag.tsx';

describe('CountryFlag', () => {
  it('is an image file per country (no emoji: Chromium on Linux drew those as empty boxes), loaded lazily', () => {
    const { container } = render(<CountryFlag code="FR" />);
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/flags/4x3/fr.svg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    // Decorative: the country's name is always written beside it.
    expect(image).toHaveAttribute('alt', '');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    // A thin ring keeps white flags (Japan) from melting into a light page, and reads on dark.
    expect(image).toHaveClass('ring-1', 'ring-line');
  });

  it('names the file by the lower-case two-letter code', () => {
    expect(countryFlagUrl('de')).toBe('/flags/4x3/de.svg');
    expect(countryFlagUrl('GB')).toBe('/flags/4x3/gb.svg');
  });

  it('draws nothing for what is not a two-letter code', () => {
    for (const code of ['', 'D', 'DEU', '../x', 'd1']) {
      expect(countryFlagUrl(code)).toBeNull();
      const { container, unmount } = render(<CountryFlag code={code} />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it('steps aside when a country has no flag file, rather than show a broken image', () => {
    const { container } = render(<CountryFlag code="ZZ" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container).toBeEmptyDOMElement();
  });
});
