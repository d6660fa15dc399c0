import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import { createLocalStorage, type LocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { StorageProvider } from './storage.ts';

export type { StorageProvider } from './storage.ts';
export type { LocalStorage } from './local.ts';

type StorageConfig = Pick<Config, 'DATA_DIR' | 'UPLOAD_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>;

/**
 * S3 when S3_BUCKET is set, else files under UPLOAD_DIR (default DATA_DIR/uploads) served by our
 * own signed /uploads URLs (the only place that reads config to choose). The local adapter comes
 * back as `local` too, for the routes that serve its URLs; with S3 `local` is undefined.
 */
export function createStorageProvider(config: StorageConfig, deps: { serverSecret: Buffer; clock: Clock }): { provider: StorageProvider; local: LocalStorage | undefined } {
  const now = () => deps.clock.now();
  if (config.S3_BUCKET) {
    const credentials = config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined;
    const provider = createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(credentials ? { credentials } : {}),
      now,
    });
    return { provider, local: undefined };
  }
  const local = createLocalStorage({ root: config.UPLOAD_DIR ?? path.join(config.DATA_DIR, 'uploads'), urlKey: deriveKey(deps.serverSecret, 'upload-url'), now });
  return { provider: local, local };
}

/**
 * Where browsers send presigned uploads, for the CSP's connect-src: nothing extra for local files
 * (our own origin); the bucket's origin with S3, in the addressing style the client uses.
 */
export function uploadOrigins(config: StorageConfig): string[] {
  if (!config.S3_BUCKET) return [];
  const base = new URL(config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`);
  if (config.S3_FORCE_PATH_STYLE) return [base.origin];
  return [`${base.protocol}//${config.S3_BUCKET}.${base.host}`];
}
