import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { Modal } from './modal.tsx';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './toast.tsx';
import { showToast, toast } from './toast-store.ts';

const column = (position: string) => document.querySelector<HTMLElement>(`[data-toast-position="${position}"]`)!;

function ShowButton() {
  const { show } = useToast();
  return <button onClick={() => show({ message: 'Saved', kind: 'success', position: 'right' })}>show</button>;
}

describe('toasts', () => {
  beforeEach(() => {
    // A clock that only moves when told to, so the 3000 ms boundary is exact. Clicks use the
    // synchronous fireEvent: user-event's async wrapper waits on timers this clock never runs.
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast from useToast and removes it after exactly 3000 ms', () => {
    renderWithI18n(
      <ToastProvider>
        <ShowButton />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('lets non-React code raise toasts through the store, each with its own timer', () => {
    renderWithI18n(<ToastProvider>app</ToastProvider>);
    act(() => showToast({ message: 'Network down', kind: 'error' }));
    act(() => vi.advanceTimersByTime(1000));
    act(() => toast.show({ message: 'Retrying', kind: 'info' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Network down');
    expect(screen.getByRole('status')).toHaveTextContent('Retrying');

    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Network down')).not.toBeInTheDocument();
    expect(screen.getByText('Retrying')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Retrying')).not.toBeInTheDocument();
  });

  it('uses role="status" for info and success and role="alert" for errors', () => {
    renderWithI18n(<ToastProvider>app</ToastProvider>);
    act(() => {
      showToast({ message: 'i', kind: 'info' });
      showToast({ message: 's', kind: 'success' });
      showToast({ message: 'e', kind: 'error' });
    });
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['i', 's']);
    expect(screen.getByRole('alert')).toHaveTextContent('e');
  });

  it('places toasts at the top centre by default, or top right / left', () => {
    renderWithI18n(<ToastProvider>app</ToastProvider>);
    act(() => {
      showToast({ message: 'middle', kind: 'info' });
      showToast({ message: 'east', kind: 'info', position: 'right' });
      showToast({ message: 'west', kind: 'info', position: 'left' });
    });
    expect(within(column('center')).getByText('middle')).toBeInTheDocument();
    expect(within(column('right')).getByText('east')).toBeInTheDocument();
    expect(within(column('left')).getByText('west')).toBeInTheDocument();
    expect(column('center')).toHaveClass('top-4', 'left-1/2', '-translate-x-1/2');
    expect(column('right')).toHaveClass('top-4', 'right-4');
    expect(column('left')).toHaveClass('top-4', 'left-4');
  });

  it('keeps toasts exposed to assistive tech while a modal hides the rest of the page', () => {
    renderWithI18n(
      <ToastProvider>
        <Modal title="Verify" defaultOpen>
          body
        </Modal>
      </ToastProvider>,
    );
    act(() => showToast({ message: 'Code sent', kind: 'success' }));
    // getByRole skips anything under aria-hidden, which Radix puts on everything but the dialog.
    expect(screen.getByRole('status')).toHaveTextContent('Code sent');
  });

  it('stops listening when the provider unmounts', () => {
    const { unmount } = renderWithI18n(<ToastProvider>app</ToastProvider>);
    unmount();
    expect(() => showToast({ message: 'late', kind: 'info' })).not.toThrow();
    expect(screen.queryByText('late')).not.toBeInTheDocument();
  });

  it('useToast throws outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderWithI18n(<ShowButton />)).toThrow(/ToastProvider/);
  });
});
