import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { checkPresignedUrl } from './sigv4-reference.ts';

/**
 * A loopback stand-in for an S3-compatible bucket (path-style: /{bucket}/{key}), for tests. It
 * speaks what the storage adapter and a browser use:
 *
 * - PUT  /{bucket}/{key}?X-Amz-...  a presigned upload: the SigV4 query signature is recomputed
 *   here (sigv4-reference.ts, not the SDK) and the expiry checked against `now`
 * - GET  /{bucket}/{key}?X-Amz-...  a presigned download, honouring response-content-disposition,
 *   response-content-type and response-cache-control as S3 does
 * - HEAD /{bucket}/{key}, GET with `Range: bytes=a-b`, DELETE: the SDK's own calls (Authorization header;
 *   only its presence and access key are checked)
 *
 * Errors are S3's XML `<Error><Code>…</Code></Error>` with its status codes.
 */
export async function startFakeS3(options: { bucket: string; accessKeyId: string; secretAccessKey: string; now: () => Date }) {
  const objects = new Map<string, Buffer>();
  const app: FastifyInstance = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 * 1024 }, (_request, body, done) => done(null, body));

  const fail = (reply: FastifyReply, status: number, code: string) =>
    reply
      .code(status)
      .type('application/xml')
      .send(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  const fullUrl = (url: string, host: string | undefined) => `http://${host}${url}`;

  /** undefined when the request may go on, else the S3 error it gets. */
  function authorize(
    method: string,
    url: string,
    host: string | undefined,
    authorization: string | undefined,
  ): [number, string] | undefined {
    const query = new URL(fullUrl(url, host)).searchParams;
    if (query.has('X-Amz-Signature')) {
      const verdict = checkPresignedUrl(method, fullUrl(url, host), options.secretAccessKey, options.now());
      if (verdict === 'bad-signature') return [403, 'SignatureDoesNotMatch'];
      if (verdict === 'expired') return [403, 'AccessDenied'];
      return undefined;
    }
    return authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`) ? undefined : [403, 'AccessDenied'];
  }

  app.put('/:bucket/*', async (request, reply) => {
    const { bucket, '*': key } = request.params as { bucket: string; '*': string };
    const refused = authorize('PUT', request.url, request.headers.host, request.headers.authorization);
    if (refused) return fail(reply, ...refused);
    if (bucket !== options.bucket) return fail(reply, 404, 'NoSuchBucket');
    objects.set(key, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
    return reply.code(200).header('etag', '"fake"').send();
  });

  app.get('/:bucket/*', async (request, reply) => {
    const { bucket, '*': key } = request.params as { bucket: string; '*': string };
    const refused = authorize(request.method, request.url, request.headers.host, request.headers.authorization);
    if (refused) return fail(reply, ...refused);
    const object = bucket === options.bucket ? objects.get(key) : undefined;
    if (!object) return fail(reply, 404, 'NoSuchKey');
    const query = request.query as Record<string, string | undefined>;
    reply.header('content-type', query['response-content-type'] ?? 'binary/octet-stream');
    if (query['response-content-disposition']) reply.header('content-disposition', query['response-content-disposition']);
    if (query['response-cache-control']) reply.header('cache-control', query['response-cache-control']);
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), object.length - 1);
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${object.length}`)
        .send(object.subarray(start, end + 1));
    }
    return reply.code(200).send(object);
  });

  // DeleteObject (the SDK's own call): 204 whether or not the key held an object, as S3 answers.
  app.delete('/:bucket/*', async (request, reply) => {
    const { bucket, '*': key } = request.params as { bucket: string; '*': string };
    const refused = authorize('DELETE', request.url, request.headers.host, request.headers.authorization);
    if (refused) return fail(reply, ...refused);
    if (bucket !== options.bucket) return fail(reply, 404, 'NoSuchBucket');
    objects.delete(key);
    return reply.code(204).send();
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, objects, close: () => app.close() };
}
