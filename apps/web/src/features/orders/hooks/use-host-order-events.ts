import type { OrderDetail } from '@causeway/contracts';
import { useEffect, useRef } from 'react';
import { listenToHost, orderUpdatedEvent, postToHost } from '@/lib/merchant-host';
import { storedTranId } from '@/lib/merchant-transaction';

/**
 * An embedding merchant page hears each status the result page sees (`order.updated`), once per status:
 * the same data as its webhook, which stays the record (the page may be closed before the end).
 */
export function useHostOrderEvents(detail: OrderDetail | undefined): void {
  const told = useRef<string | null>(null);
  useEffect(() => listenToHost(), []);
  useEffect(() => {
    if (!detail) return;
    const key = `${detail.orderId}:${detail.status}`;
    if (told.current === key) return;
    told.current = key;
    postToHost(orderUpdatedEvent(detail, storedTranId() ?? null));
  }, [detail]);
}
