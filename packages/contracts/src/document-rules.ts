/**
 * The document-upload rules of docs/rules/validation.md, shared by the server's upload checks and the web app's
 * upload widget. No zod here, so the web app can use them without bundling a schema library.
 */

/** docs/rules/validation.md: identity and business documents are jpg, jpeg, png or pdf, 10 KB to 5120 KB. */
export const DOCUMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;
export const MIN_DOCUMENT_BYTES = 10 * 1024;
export const MAX_DOCUMENT_BYTES = 5120 * 1024;

/** The refusal texts of docs/rules/validation.md, answered as `msg` with codes UPL0000001 and UPL0000002. */
export const UPLOAD_MESSAGES = {
  format: 'File format must be in jpg/jpeg/png/pdf',
  size: 'File size must be between 10KB and 5120KB',
} as const;

/** How long a signed upload URL stays valid (seconds). */
export const UPLOAD_URL_TTL_SECONDS = 600;
