import { useEffect, useState } from 'react';
import { loadOnce } from '@/lib/load-once';
import type { fullAddressProblem } from './full-address-check';

export type AddressValidator = typeof fullAddressProblem;

// The full check (checksums, networks) brings its hash and base-N code, about as much again as the
// trade page itself: it loads on its own chunk once the page is up, never in the page's first load.
const fullCheck = loadOnce<AddressValidator>(() => import('./full-address-check').then((module) => module.fullAddressProblem));

/** The full check if it has loaded, otherwise null. */
export function loadedAddressValidator(): AddressValidator | null {
  return fullCheck.loaded();
}

/**
 * Loads the full check once and keeps it for every later caller. A chunk that could not be fetched
 * gives null (the page's minimal check and the server's own check stand in) and the next call tries again.
 */
export function loadAddressValidator(): Promise<AddressValidator | null> {
  return fullCheck.load().catch(() => null);
}

/** Starts loading the full check when the component mounts; null until it is there, then it re-renders with it. */
export function useAddressValidator(): AddressValidator | null {
  const [validate, setValidate] = useState(loadedAddressValidator);
  useEffect(() => {
    if (validate) return;
    let mounted = true;
    void loadAddressValidator().then((next) => {
      if (mounted && next) setValidate(() => next);
    });
    return () => {
      mounted = false;
    };
  }, [validate]);
  return validate;
}
