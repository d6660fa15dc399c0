/**
 * Whether a payee's (or a payer's) name is the verified person's (docs/rules/bank-accounts.md "In your own
 * name"). Banks write names their own way: upper case, surname first, without accents, without middle
 * names. So names are compared as words: case, accents, punctuation and order do not count, and the
 * payee may leave out middle names, but every word it has must be one of the verified name's, and it
 * must hold the verified first and last words. "DOE John" and "John Doe" are "John Michael Doe";
 * "John" alone, "Jane Doe" and "John Doe Ltd" are not.
 */
export function payeeNameMatches(payeeName: string, verifiedName: string): boolean {
  const payee = wordsOf(payeeName);
  const verified = wordsOf(verifiedName);
  if (payee.length === 0 || verified.length === 0) return false;
  const first = verified[0]!;
  const last = verified[verified.length - 1]!;
  // Each verified word is used once: "John John" is not "John Doe".
  const left = [...verified];
  for (const word of payee) {
    const at = left.indexOf(word);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return payee.includes(first) && payee.includes(last) && (verified.length === 1 || payee.length >= 2);
}

/** A name's words, lower case and without accents; hyphens, apostrophes, dots and commas split words. */
function wordsOf(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
