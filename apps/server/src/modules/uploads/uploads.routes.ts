import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { UploadPurpose, UploadsService } from './uploads.service.ts';
import { registerCall } from '../../platform/calls.ts';

/** docs/rules/calls.md kyc-main/client/aws-s3/s3/sign-upload(-kyb-temple): a signed PUT URL for one document. HTTP only. */
export function registerUploadRoutes(app: FastifyInstance, deps: { uploads: UploadsService }): void {
  const calls = [
    [CALLS.signUpload, 'kyc'],
    [CALLS.signUploadKyb, 'kyb'],
  ] as const satisfies ReadonlyArray<readonly [unknown, UploadPurpose]>;
  for (const [call, purpose] of calls) {
    registerCall(app, call, async (request) => ok(await deps.uploads.signUpload(request.auth!.user, purpose, request.body.s3FileName)));
  }
}
