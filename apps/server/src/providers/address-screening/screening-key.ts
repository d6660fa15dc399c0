/**
 * One spelling per address, to compare and cache by: hex (ETH and its tokens) and bech32 (bc1…)
 * are case-insensitive, so they go to lower case, the form screening lists publish them in;
 * base58 addresses (legacy BTC, TRX, SOL, XRP) are case-sensitive and stay as they are.
 */
export function canonicalScreeningAddress(network: string, address: string): string {
  const trimmed = address.trim();
  const caseInsensitive = network === 'ETH' || (network === 'BTC' && /^bc1/i.test(trimmed));
  return caseInsensitive ? trimmed.toLowerCase() : trimmed;
}

export const screeningKey = (network: string, address: string): string => `${network}:${canonicalScreeningAddress(network, address)}`;
