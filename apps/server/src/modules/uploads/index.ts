export { createDocumentUploadsRepository, type DocumentUploadsRepository } from './document-uploads.repository.ts';
export { checkDocument, checkStoredDocument, fileNameOfKey, keyBelongsTo } from './uploads.service.ts';
