import type { KycInfo } from '@causeway/contracts';
import { useEffect, useRef } from 'react';
import { kycUpdatedEvent, postToHost } from '@/lib/merchant-host';

/**
 * An embedding merchant page hears each verification stage and tier the account-status page sees
 * (`kyc.updated`), once each: the same data as its webhook, which stays the record.
 */
export function useHostKycEvents(kyc: Pick<KycInfo, 'kycStatus' | 'kycLevel'> | null): void {
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!kyc) return;
    const key = `${kyc.kycStatus}:${kyc.kycLevel}`;
    if (told.current === key) return;
    told.current = key;
    postToHost(kycUpdatedEvent(kyc, new Date().toISOString()));
  }, [kyc]);
}
