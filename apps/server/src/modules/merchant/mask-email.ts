/**
 * `jo***@example.com`: enough for the owner to recognise the address, not enough to give it away
 * to whoever holds the merchant's link. One letter is kept when the local part is short.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const kept = local.length > 3 ? 2 : 1;
  return `${local.slice(0, kept)}***${email.slice(at)}`;
}
