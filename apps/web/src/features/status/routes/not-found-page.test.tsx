import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { NotFoundPage } from './not-found-page';

describe('not-found page', () => {
  it('says the page does not exist and links to the start page of the locale', () => {
    renderPage(<NotFoundPage />, { path: '/:lng/nowhere', url: '/zh/nowhere' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist or has moved.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Go to the start page' }));
    expect(screen.getByTestId('elsewhere')).toHaveTextContent('/zh');
  });

  it('links to the English start page when there is no locale', () => {
    renderPage(<NotFoundPage />, { path: '/nowhere', url: '/nowhere' });
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/en');
  });
});
