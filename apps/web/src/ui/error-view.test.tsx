import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { ErrorView } from './error-view.tsx';

describe('ErrorView', () => {
  it('renders a decorative illustration, the title, content and footer', () => {
    const { container } = renderWithI18n(
      <ErrorView title="Order not found" content="It may have expired." footer={<button>Retry</button>} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order not found' })).toHaveTextContent('It may have expired.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('falls back to the translated default title and honours headingLevel', () => {
    renderWithI18n(<ErrorView headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('offers Try again with its own text when given onRetry, above the footer', async () => {
    const onRetry = vi.fn();
    renderWithI18n(<ErrorView onRetry={onRetry} footer={<a href="/elsewhere">Elsewhere</a>} />);
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry.compareDocumentPosition(screen.getByRole('link', { name: 'Elsewhere' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.setup().click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows no button without onRetry', () => {
    renderWithI18n(<ErrorView />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
