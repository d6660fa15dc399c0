import type { AddressRejectionReason } from '@causeway/contracts';
import { useState } from 'react';
import { useWallets } from '../api/trade-queries';
import type { AddressRejection } from '../trade-errors';
import type { Selection } from '../trade-state';
import type { AddressEntry } from './full-address-check';
import type { AddressValidator } from './use-address-validator';

/**
 * The page's own address check, before the server's. Once the full check has loaded
 * (use-address-validator.ts) it is the server's code, so the same verdict and the same words;
 * until then the minimal check (empty, whitespace, missing memo) answers, so typing never waits.
 */
export function localAddressProblem(entry: AddressEntry, validate: AddressValidator | null): AddressRejection | null {
  return validate ? validate(entry) : minimalAddressProblem(entry);
}

function minimalAddressProblem({ address, memo, memoRequired }: AddressEntry): AddressRejection | null {
  const trimmed = address.trim();
  const problem = (reason: AddressRejectionReason, field: 'address' | 'memo'): AddressRejection => ({ reason, field });
  if (trimmed === '') return problem('EMPTY', 'address');
  if (/\s/.test(trimmed)) return problem('WHITESPACE', 'address');
  if (memoRequired && memo.trim() === '') return problem('MEMO_REQUIRED', 'memo');
  return null;
}

/**
 * Where the coin goes: the default wallet of the coin and network (list-wallet) until the person
 * types another, or the address a merchant's transaction fixed (`fixed`: nothing else can be typed);
 * a server refusal stays until the address or memo changes.
 */
export function useDestination(selection: Pick<Selection, 'crypto' | 'network'>, fixed: { address: string; memo: string } | null = null) {
  const wallets = useWallets(selection.crypto, selection.network);
  const key = `${selection.crypto}|${selection.network}`;
  const [typed, setTyped] = useState<{ key: string; address: string; memo: string } | null>(null);
  const [refusal, setRefusal] = useState<{ key: string; address: string; memo: string; rejection: AddressRejection } | null>(null);
  const saved = wallets.data ?? [];
  const preferred = saved.find((wallet) => wallet.isDefault) ?? saved[0];
  const { address, memo } = fixed ?? (typed?.key === key ? typed : { address: preferred?.address ?? '', memo: preferred?.memo ?? '' });
  const rejection = refusal && refusal.key === key && refusal.address === address && refusal.memo === memo ? refusal.rejection : null;
  return {
    address,
    memo,
    wallets: saved,
    rejection,
    change: (next: { address: string; memo: string }) => setTyped({ key, ...next }),
    /** The server refused the address now shown. */
    refuse: (next: AddressRejection) => setRefusal({ key, address, memo, rejection: next }),
  };
}
