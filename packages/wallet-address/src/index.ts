export {
  MAX_ADDRESS_LENGTH,
  validateWalletAddress,
  WALLET_ADDRESS_REASONS,
  WALLET_NETWORKS,
  type WalletAddressInput,
  type WalletAddressReason,
  type WalletAddressResult,
  type WalletNetwork,
} from './address-validation.ts';
