import type { Config } from '../../config.ts';
import type { GeoProvider } from './geo.ts';
import { createIpinfoGeo } from './ipinfo.ts';
import { createSandboxGeo } from './sandbox.ts';

export type { GeoProvider } from './geo.ts';

/** ipinfo.io when IPINFO_TOKEN is set, else the sandbox (the only place that reads config to choose). */
export function createGeoProvider(config: Pick<Config, 'IPINFO_TOKEN' | 'SANDBOX_GEO_COUNTRY'>): GeoProvider {
  if (config.IPINFO_TOKEN) return createIpinfoGeo({ token: config.IPINFO_TOKEN });
  return createSandboxGeo(config.SANDBOX_GEO_COUNTRY);
}
