export { createSubmittedDocuments, type SubmittedDocuments } from './submitted-documents.ts';
export { checkDocument, checkStoredDocument, fileNameOfKey, keyBelongsTo } from './uploads.service.ts';
export { uploadsModule } from './register.ts';
