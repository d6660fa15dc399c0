/**
 * The type of an identity document by its first bytes (docs/trust.md: magic bytes AND extension):
 * JPEG (FF D8 FF), PNG (the 8-byte signature) or PDF (`%PDF-`). Anything else is undefined, whatever
 * its name says: an HTML file renamed .jpg is not an image.
 */
export type DocumentType = 'jpg' | 'png' | 'pdf';

const SIGNATURES: Array<[DocumentType, number[]]> = [
  ['jpg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
];

export function sniffDocumentType(bytes: Uint8Array): DocumentType | undefined {
  return SIGNATURES.find(([, signature]) => signature.every((byte, index) => bytes[index] === byte))?.[0];
}

/** The extensions each type may carry (jpeg is a jpg). */
export const EXTENSIONS_BY_TYPE: Record<DocumentType, readonly string[]> = { jpg: ['jpg', 'jpeg'], png: ['png'], pdf: ['pdf'] };

export const extensionOf = (fileName: string): string => fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();

/** True when the bytes are a document type and the name's extension belongs to that type. */
export function isAcceptedDocument(fileName: string, bytes: Uint8Array): boolean {
  const type = sniffDocumentType(bytes);
  return type !== undefined && fileName.includes('.') && EXTENSIONS_BY_TYPE[type].includes(extensionOf(fileName));
}
