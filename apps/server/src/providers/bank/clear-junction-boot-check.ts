import { systemClock } from '../../platform/clock.ts';
import { type BootCheck, BootCheckFailure, messageOf } from '../boot-check.ts';
import { CLEAR_JUNCTION_API_URL } from './clear-junction.ts';
import { createClearJunctionCall, describeClearJunctionError } from './clear-junction-http.ts';

/**
 * Clear Junction's boot check: the wallet's balance, GET /v7/bank/wallets/{walletUuid}?returnPaymentMethods=false,
 * signed as every request (clear-junction-signature.ts; https://clearjunctionrestapi.docs.apiary.io/,
 * "Authentication"). The reference could not be fetched; the call is the one three public clients
 * make to read a wallet's balances (MyJetWallet.Clearjunction.Client GetWalletAsync, clearjunction-js
 * getWalletBalance, and a Go processor's CheckWallet), answering {walletUuid, amounts, ...}. A 200
 * proves the API key, the password that signs, this server's clock (the signed Date), its address on
 * Clear Junction's allow list, and the wallet payouts are paid from.
 */
export interface ClearJunctionBootCheckSettings {
  apiKey: string;
  apiPassword: string;
  walletUuid: string;
  /** CLEAR_JUNCTION_API_URL. */
  baseUrl?: string | undefined;
}

export function clearJunctionBootCheck(settings: ClearJunctionBootCheckSettings): BootCheck {
  const baseUrl = (settings.baseUrl ?? CLEAR_JUNCTION_API_URL).replace(/\/+$/, '');
  return {
    vendor: 'Clear Junction',
    target: `CLEAR_JUNCTION_API_URL (${baseUrl})`,
    async run(context) {
      const call = createClearJunctionCall({
        baseUrl,
        credentials: { apiKey: settings.apiKey, apiPassword: settings.apiPassword },
        clock: systemClock,
        fetchImpl: context.fetch,
        timeoutMs: context.timeoutMs,
      });
      let answer: Awaited<ReturnType<typeof call>>;
      try {
        answer = await call('wallet read', 'GET', `/v7/bank/wallets/${encodeURIComponent(settings.walletUuid)}?returnPaymentMethods=false`);
      } catch (error) {
        throw new BootCheckFailure(messageOf(error));
      }
      const { status, json } = answer;
      if (status === 200)
        return `CLEAR_JUNCTION_API_KEY and CLEAR_JUNCTION_API_PASSWORD accepted; wallet CLEAR_JUNCTION_WALLET_UUID readable`;
      if (status === 401)
        throw new BootCheckFailure(
          "Clear Junction refused the signature of CLEAR_JUNCTION_API_KEY / CLEAR_JUNCTION_API_PASSWORD (HTTP 401): check both (and that they are for CLEAR_JUNCTION_API_URL: sandbox or live), and this server's clock",
        );
      if (status === 403)
        throw new BootCheckFailure(
          "Clear Junction answered HTTP 403: this server's IP address is likely not on Clear Junction's allow list for this API user (ask Clear Junction to add it)",
        );
      if (status === 404)
        throw new BootCheckFailure(
          `Clear Junction has no wallet CLEAR_JUNCTION_WALLET_UUID for this API user (HTTP 404: ${describeClearJunctionError(json)}): check the wallet UUID and CLEAR_JUNCTION_API_URL`,
        );
      throw new BootCheckFailure(`Clear Junction wallet read failed: HTTP ${status} (${describeClearJunctionError(json)})`);
    },
  };
}
