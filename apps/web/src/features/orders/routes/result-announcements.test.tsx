import { PATHS } from '@causeway/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import type { OrderDetail } from '../api/orders-api';
import { RESULT_POLL_INTERVAL_MS } from '../hooks/use-order-polling';
import { ORDER_ID, orderDetail } from '../order-fixtures';
import { ResultPage } from './result-page';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

/** The page's own announcer: the status region that is there, empty, before anything changes. */
const announcer = () => screen.getAllByRole('status').find((element) => element.textContent === '');

describe('result page for screen readers', () => {
  it.each([
    [{ status: 'SUCCESS' } as Partial<OrderDetail>, 'Purchase complete'],
    [{ status: 'FAILED', failReason: 'CARD_DECLINED' } as Partial<OrderDetail>, 'Payment failed'],
  ])(
    'a change from PROCESSING is announced by a status region that stayed mounted, and the new heading takes the focus (%o)',
    async (final, title) => {
      let served = 0;
      const fake = routedHttpClient({ [PATHS.getOrderDetail]: () => orderDetail(served++ === 0 ? { status: 'PROCESSING' } : final) });
      renderPage(<ResultPage />, { path: '/:lng/result', url: `/en/result?orderId=${ORDER_ID}`, client: fake.client });
      const processing = await screen.findByRole('heading', { level: 1, name: 'Processing your order' });
      expect(processing).not.toHaveFocus();
      const live = announcer();
      expect(live).toBeDefined();
      await act(() => vi.advanceTimersByTimeAsync(RESULT_POLL_INTERVAL_MS));
      const done = await screen.findByRole('heading', { level: 1, name: title });
      expect(live).toBeInTheDocument();
      expect(live).toHaveTextContent(title);
      expect(done).toHaveFocus();
      expect(done).toHaveAttribute('tabindex', '-1');
    },
  );
});
