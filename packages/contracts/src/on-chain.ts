import { z } from 'zod';
import { ADDRESS_REJECTION_REASONS } from './orders.ts';
import { currencyCodeSchema } from './reference.ts';

/**
 * The on-chain calls of docs/rules/calls.md (customer/order): analyze-on-chain-address, list-vasp-info and
 * gtr-enabled. Paths in paths.ts (PATHS.analyzeOnChainAddress, listVaspInfo, gtrEnabled; all GET).
 */

/** What screening concludes about an address: LOW (clear), HIGH, SEVERE (sanctioned: never paid). */
export const SCREENING_RISK_LEVELS = ['LOW', 'HIGH', 'SEVERE'] as const;
export type ScreeningRiskLevel = (typeof SCREENING_RISK_LEVELS)[number];

/**
 * analyze-on-chain-address query. The network and address are checked by the server and answered
 * as a verdict, not refused as a bad request: an unknown network reads NETWORK_UNSUPPORTED, an
 * empty address EMPTY. Lengths are capped only so that junk is a 400.
 */
export const analyzeOnChainAddressQuerySchema = z.object({
  network: z.string().trim().min(1).max(16).describe('the catalogue network code, e.g. ETH for Ether and every ERC-20 token'),
  address: z.string().max(512),
  memo: z.string().max(64).optional().describe('XRP destination tag; leave out on other networks'),
  cryptoCurrency: currencyCodeSchema.optional().describe('the asset being sent; the network alone decides the address format'),
});
export type AnalyzeOnChainAddressQuery = z.input<typeof analyzeOnChainAddressQuerySchema>;

/**
 * The verdict. `valid` is true only when the address (and memo) fit the network AND screening
 * found nothing: a sanctioned address reads valid false, reason SCREENING_FLAGGED. Screening runs
 * only on an address that passed validation, so riskLevel is null when it did not.
 */
export const analyzeOnChainAddressResultSchema = z.object({
  valid: z.boolean(),
  reason: z.enum(ADDRESS_REJECTION_REASONS).nullable(),
  /** Which input the reason belongs under, for the form. */
  field: z.enum(['network', 'address', 'memo']).nullable(),
  /** With WRONG_NETWORK: the network the address belongs to. */
  detectedNetwork: z.string().nullable(),
  /** The address in canonical form (EIP-55 for ETH, lower case for bech32), once it is well formed. */
  normalizedAddress: z.string().nullable(),
  normalizedMemo: z.string().nullable(),
  riskLevel: z.enum(SCREENING_RISK_LEVELS).nullable(),
  flagged: z.boolean(),
  /** e.g. `sanctions` when flagged; null otherwise. */
  category: z.string().nullable(),
});
export type AnalyzeOnChainAddressResult = z.infer<typeof analyzeOnChainAddressResultSchema>;

/** One travel-rule counterparty in the VASP directory (list-vasp-info). */
export const vaspInfoSchema = z.object({
  vaspId: z.string(),
  name: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/),
  website: z.string().nullable(),
});
export type VaspInfo = z.infer<typeof vaspInfoSchema>;

/** docs/rules/entities.md: the VASP list defaults empty. */
export const listVaspInfoResultSchema = z.object({ list: z.array(vaspInfoSchema) });
export type ListVaspInfoResult = z.infer<typeof listVaspInfoResultSchema>;

/** gtr-enabled: whether the travel-rule (GTR) step is on for this install (default false). */
export const gtrEnabledResultSchema = z.object({ enabled: z.boolean() });
export type GtrEnabledResult = z.infer<typeof gtrEnabledResultSchema>;
