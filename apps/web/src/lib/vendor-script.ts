/** Loads in flight, by script URL: two callers share one <script> tag (once loaded, the global is the answer). */
const loading = new Map<string, Promise<unknown>>();

/**
 * A vendor's browser SDK (Checkout.com's Web Components for Flow, Sumsub's WebSDK): its script
 * from `url`, added once per document, answering the global it defines (`read`). The server's CSP lets each vendor's
 * script in only when that vendor is configured. A script that fails to load, or loads without
 * defining its global, is removed, so a later call tries again.
 */
export function loadVendorScript<T>(url: string, name: string, read: () => T | undefined): Promise<T> {
  const defined = read();
  if (defined) return Promise.resolve(defined);
  const inFlight = loading.get(url) as Promise<T> | undefined;
  if (inFlight) return inFlight;
  const loaded = new Promise<T>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const fail = (why: string) => {
      script.remove();
      loading.delete(url);
      reject(new Error(`the ${name} script ${why}`));
    };
    script.addEventListener('load', () => {
      const value = read();
      if (!value) return fail('did not define what it should');
      loading.delete(url);
      resolve(value);
    });
    script.addEventListener('error', () => fail('did not load'));
    document.head.appendChild(script);
  });
  loading.set(url, loaded);
  return loaded;
}
