import { HeadBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { type BootCheck, BootCheckFailure, messageOf } from '../boot-check.ts';

/**
 * S3's boot check: HeadBucket (https://docs.aws.amazon.com/AmazonS3/latest/API/API_HeadBucket.html),
 * signed with the configured keys (or the SDK's own chain, e.g. an instance role), as createS3Storage
 * signs. "200 OK if the bucket exists and you have permission to access it"; otherwise 404 (no such
 * bucket), 403 (no permission, or keys it does not know), 301 (the bucket is in another region),
 * all without a body.
 */
export interface S3BootCheckSettings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export function s3BootCheck(settings: S3BootCheckSettings): BootCheck {
  const where = settings.endpoint ? `S3_ENDPOINT (${settings.endpoint})` : `AWS S3 in ${settings.region}`;
  return {
    vendor: 'S3',
    target: where,
    async run(context) {
      const client = new S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
        maxAttempts: 1,
      });
      const keys = settings.credentials
        ? 'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY'
        : "the AWS SDK's own credentials (no S3 key pair is set)";
      try {
        await client.send(new HeadBucketCommand({ Bucket: settings.bucket }), { abortSignal: context.signal });
        return `bucket ${settings.bucket} readable with ${settings.credentials ? 'S3_ACCESS_KEY_ID' : "the SDK's own credentials"}`;
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        if (status === 404)
          throw new BootCheckFailure(`S3 has no bucket ${settings.bucket} at ${where} (HTTP 404): check S3_BUCKET and S3_ENDPOINT`);
        if (status === 403)
          throw new BootCheckFailure(
            `S3 refused access to bucket ${settings.bucket} (HTTP 403): check ${keys}, and that they may read and write this bucket`,
          );
        if (status === 301)
          throw new BootCheckFailure(
            `S3 bucket ${settings.bucket} is in another region than S3_REGION=${settings.region} (HTTP 301): set S3_REGION to the bucket's`,
          );
        if (error instanceof Error && error.name === 'CredentialsProviderError')
          throw new BootCheckFailure(
            `S3: no credentials found (${error.message}): set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or give the machine a role`,
          );
        throw new BootCheckFailure(`S3 at ${where}: ${messageOf(error)}`);
      } finally {
        client.destroy();
      }
    },
  };
}
