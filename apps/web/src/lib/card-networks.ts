/** The card networks by the names their brands use (the same in every language). */
const NETWORK_NAMES: Record<string, string> = { VISA: 'Visa', MASTER: 'Mastercard' };

/** A card's network as people know it ("MASTER" → "Mastercard"); an unknown code as it came. */
export const cardNetworkName = (cardProcessor: string): string => NETWORK_NAMES[cardProcessor] ?? cardProcessor;
