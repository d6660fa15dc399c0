import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('is a status region with the translated "Loading" text', () => {
    renderWithI18n(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('accepts a custom label', () => {
    renderWithI18n(<Spinner size="lg" label="Fetching quotes" />);
    expect(screen.getByRole('status')).toHaveTextContent('Fetching quotes');
  });
});
