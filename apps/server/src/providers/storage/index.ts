import type { Config } from '../../config.ts';
import { chooseProvider, type ProviderSettings } from '../provider-kinds.ts';

export type { StorageProvider } from './storage.ts';
export type { LocalStorage } from './local.ts';

/**
 * Where browsers send presigned uploads, for the CSP's connect-src: nothing extra for local files
 * (our own origin); the bucket's origin with S3, in the addressing style the client uses.
 */
export function uploadOrigins(
  config: Pick<Config, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE'> & ProviderSettings,
): string[] {
  if (chooseProvider(config, 'storage').vendor !== 's3' || !config.S3_BUCKET) return [];
  const base = new URL(config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`);
  if (config.S3_FORCE_PATH_STYLE) return [base.origin];
  return [`${base.protocol}//${config.S3_BUCKET}.${base.host}`];
}
