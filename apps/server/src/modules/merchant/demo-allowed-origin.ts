import type { MerchantConsoleRepository } from './console/merchant-console.repository.ts';
import { DEMO_MERCHANT } from './demo-merchant.ts';

/**
 * docs/sandbox.md "The sandbox merchant page": the page /sandbox/merchant plays the demo merchant's site, so
 * its origin, PUBLIC_URL's, must be one of the demo merchant's allowed origins for the checkout to post its
 * events to it and send people back to it (merchant-page.ts). Added at every start of a sandbox install
 * (an origin removed in the console comes back, as the demo key does), if missing; nothing when the demo
 * merchant was never seeded.
 */
export async function seedDemoAllowedOrigin(
  deps: {
    origins: Pick<MerchantConsoleRepository, 'addOrigin'>;
    merchantExists: (merchantId: string) => Promise<boolean>;
  },
  options: { origins: readonly string[]; now: Date },
): Promise<void> {
  if (options.origins.length === 0 || !(await deps.merchantExists(DEMO_MERCHANT.id))) return;
  for (const origin of options.origins) await deps.origins.addOrigin(DEMO_MERCHANT.id, origin, options.now);
}

/**
 * Where this server's own pages are: PUBLIC_URL's origin, or on a sandbox started without one (`npm start`) the
 * loopback addresses of its port, which is how the person on that machine opens it. None for port 0 (tests).
 */
export function ownOrigins(publicUrl: string, port: number): string[] {
  if (publicUrl) return [new URL(publicUrl).origin];
  return port ? [`http://localhost:${port}`, `http://127.0.0.1:${port}`] : [];
}
