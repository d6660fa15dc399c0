import { API_BASE, commonHeadersSchema, envelopeOf, ok, PATHS, signUploadRequestSchema, signUploadResultSchema } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IdentityModule } from '../identity/identity.module.ts';
import type { UploadPurpose, UploadsService } from './uploads.service.ts';

/** Spec §7 kyc-main/client/aws-s3/s3/sign-upload(-kyb-temple): a signed PUT URL for one document. HTTP only. */
export function registerUploadRoutes(app: FastifyInstance, deps: { uploads: UploadsService; identity: IdentityModule }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const calls: Array<[string, UploadPurpose, string]> = [
    [PATHS.signUpload, 'kyc', 'A 10-minute URL to PUT one identity document to (jpg, jpeg, png, pdf; 10 KB to 5120 KB)'],
    [PATHS.signUploadKyb, 'kyb', 'A 10-minute URL to PUT one business document to (jpg, jpeg, png, pdf; 10 KB to 5120 KB)'],
  ];
  for (const [path, purpose, summary] of calls) {
    routes.post(`${API_BASE}${path}`, {
      schema: { tags: ['uploads'], summary, headers: commonHeadersSchema, body: signUploadRequestSchema, response: { 200: envelopeOf(signUploadResultSchema) } },
      preHandler: deps.identity.guard.requireSession,
      handler: async (request) => ok(await deps.uploads.signUpload(request.auth!.user, purpose, request.body.s3FileName)),
    });
  }
}
