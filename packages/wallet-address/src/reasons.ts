// Apart from the validation code: the reasons alone (their texts, the contracts' enum) do not
// pull the checksums and their hash libraries into a page.

/**
 * Why an address or memo is refused, one per message a person can act on:
 * - NETWORK_UNSUPPORTED: the network code is none of WALLET_NETWORKS.
 * - EMPTY: no address was given.
 * - TOO_LONG: more than 128 characters: not an address of any network.
 * - WHITESPACE: a space or line break inside the address (often a bad copy).
 * - FORMAT: not shaped like an address of this network (length, characters, prefix, mixed case).
 * - CHECKSUM: shaped right, but the checksum does not match: a character is wrong.
 * - WRONG_NETWORK: a valid address of another network (`detectedNetwork` says which).
 * - TESTNET: a valid test-network address; only mainnet funds are sent.
 * - UNSUPPORTED_TYPE: a valid Bitcoin address kind no wallet hands out yet (segwit v2+).
 * - X_ADDRESS: an XRP X-address: ask for the classic r… address and the tag separately.
 * - BURN_ADDRESS: valid, but nobody can ever spend from it: funds sent there are lost.
 * - MEMO_REQUIRED: this network needs a memo (XRP: the destination tag) and none was given.
 * - MEMO_FORMAT: the memo is not in this network's format (XRP: a whole number 0 to 4294967295).
 * - MEMO_NOT_ALLOWED: a memo was given for a network that has none, so it would be lost.
 */
export const WALLET_ADDRESS_REASONS = [
  'NETWORK_UNSUPPORTED',
  'EMPTY',
  'TOO_LONG',
  'WHITESPACE',
  'FORMAT',
  'CHECKSUM',
  'WRONG_NETWORK',
  'TESTNET',
  'UNSUPPORTED_TYPE',
  'X_ADDRESS',
  'BURN_ADDRESS',
  'MEMO_REQUIRED',
  'MEMO_FORMAT',
  'MEMO_NOT_ALLOWED',
] as const;
export type WalletAddressReason = (typeof WALLET_ADDRESS_REASONS)[number];
