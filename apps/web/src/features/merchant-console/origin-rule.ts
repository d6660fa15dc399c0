/** The longest origin the server takes (originSchema's max, after trimming). */
const MAX_ORIGIN_LENGTH = 200;

/**
 * Whether a text is an origin as the server's originSchema (packages/contracts merchant-console.ts) has
 * it: http or https, a host and a port, nothing else (no path, no trailing slash), as a browser sends
 * it. Checked by hand rather than with the schema, so the console's chunk does not bring Zod; a test
 * holds the two to the same answers.
 */
export function isOrigin(text: string): boolean {
  const value = text.trim();
  if (value.length > MAX_ORIGIN_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}
