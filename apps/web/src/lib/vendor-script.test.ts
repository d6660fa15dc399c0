import { afterEach, describe, expect, it } from 'vitest';
import { loadVendorScript } from './vendor-script.ts';

const URL = 'https://cdn.vendor.test/sdk.js';
const win = window as Window & { VendorSdk?: { version: number } };
const read = () => win.VendorSdk;
const scripts = () => Array.from(document.querySelectorAll<HTMLScriptElement>(`script[src="${URL}"]`));

afterEach(() => {
  delete win.VendorSdk;
  for (const script of scripts()) script.remove();
});

/** jsdom never fetches the script: the test plays the vendor, defining its global (or not) and firing `load`. */
describe('loadVendorScript', () => {
  it('adds one script for every caller at once and answers the global it defined', async () => {
    const first = loadVendorScript(URL, 'Vendor', read);
    const second = loadVendorScript(URL, 'Vendor', read);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.async).toBe(true);
    win.VendorSdk = { version: 2 };
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toEqual({ version: 2 });
    await expect(second).resolves.toEqual({ version: 2 });
    // Defined already: no script is added again.
    await expect(loadVendorScript(URL, 'Vendor', read)).resolves.toEqual({ version: 2 });
    expect(scripts()).toHaveLength(1);
  });

  it('a script that fails to load, or loads without its global, is removed and the next call tries again', async () => {
    const failed = loadVendorScript(URL, 'Vendor', read);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('the Vendor script did not load');
    expect(scripts()).toHaveLength(0);

    const empty = loadVendorScript(URL, 'Vendor', read);
    expect(scripts()).toHaveLength(1);
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(empty).rejects.toThrow('the Vendor script did not define what it should');
    expect(scripts()).toHaveLength(0);

    const retried = loadVendorScript(URL, 'Vendor', read);
    win.VendorSdk = { version: 3 };
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(retried).resolves.toEqual({ version: 3 });
  });
});
