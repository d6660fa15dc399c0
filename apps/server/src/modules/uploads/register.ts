import { defineLeafModule } from '../../platform/server-module.ts';
import { createDocumentUploadsRepository } from './document-uploads.repository.ts';
import { registerLocalFileRoutes } from './local-files.routes.ts';
import { createUploadHandoffRepository } from './upload-handoff.repository.ts';
import { registerUploadHandoffRoutes } from './upload-handoff.routes.ts';
import { createUploadHandoffService } from './upload-handoff.service.ts';
import { registerUploadHousekeeping } from './uploads.housekeeping.ts';
import { registerUploadRoutes } from './uploads.routes.ts';
import { createUploadsService } from './uploads.service.ts';

/** Document uploads (sign-upload): presigned PUTs to S3 or to our own signed /uploads URLs, the phone handoff, and their deletion. */
export const uploadsModule = defineLeafModule('uploads', ({ app, db, config, providers, rateLimiter, clock, jobs, queue, onReady }) => {
  const { provider: storage, selfHosted: localFiles } = providers.storage;
  const uploads = createUploadsService({ storage, documents: createDocumentUploadsRepository(db), rateLimiter, clock });
  const housekeeping = registerUploadHousekeeping({ worker: jobs, queue, uploads, clock });
  onReady(() => housekeeping.scheduleHousekeeping());
  registerUploadRoutes(app, { uploads });
  const handoffs = createUploadHandoffService({ repository: createUploadHandoffRepository(db), storage, uploads, clock });
  registerUploadHandoffRoutes(app, { handoffs, publicUrl: config.PUBLIC_URL, rateLimiter, clock });
  if (localFiles) registerLocalFileRoutes(app, { storage: localFiles, uploads, rateLimiter, clock });
});
