import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser sends it, for app.inject. */
export function multipartBody(
  fields: Record<string, string>,
  files: MultipartFile[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----causeway${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Bytes that start like a real file of the type (magic bytes), padded to `size`. */
export function fakeFile(type: 'png' | 'jpg' | 'pdf' | 'html', size = 20 * 1024): Buffer {
  const heads = {
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    jpg: [0xff, 0xd8, 0xff, 0xe0],
    pdf: [...Buffer.from('%PDF-1.7\n')],
    html: [...Buffer.from('<!doctype html><script>alert(1)</script>')],
  };
  const head = Buffer.from(heads[type]);
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}
