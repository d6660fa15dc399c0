import { type BootCheck, type BootCheckContext, BootCheckFailure, messageOf } from '../boot-check.ts';
import { BITGO_COINS, describeBitgoError } from './bitgo-transfers.ts';

/**
 * BitGo's boot check, through BitGo Express as every call of the adapter (bitgo.ts):
 *
 * - GET /api/v2/ping (https://developers.bitgo.com/api/express.ping, and BitGo Express's README:
 *   it answers {status: "service is ok!", environment}): Express runs and reaches BitGo;
 * - GET /api/v2/{coin}/wallet/{walletId} (https://developers.bitgo.com/api/v2.wallet.get) with the
 *   access token, for each wallet of BITGO_WALLET_IDS: the token is accepted, belongs to the
 *   environment Express talks to (test or prod), and may see the wallet payouts are sent from.
 *
 * The passphrase is not checked: only a send decrypts the key with it, and a send is no read.
 */
export interface BitgoBootCheckSettings {
  accessToken: string;
  /** BITGO_EXPRESS_URL. */
  baseUrl: string;
  /** BITGO_WALLET_IDS, parsed: network → wallet id. */
  walletIds: Record<string, string>;
}

async function get(context: BootCheckContext, url: string, accessToken: string): Promise<{ status: number; json: unknown }> {
  const response = await context.fetch(url, {
    headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(context.timeoutMs),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}

export function bitgoBootCheck(settings: BitgoBootCheckSettings): BootCheck {
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');
  return {
    vendor: 'BitGo',
    target: `BITGO_EXPRESS_URL (${baseUrl})`,
    async run(context) {
      const call = async (path: string) => {
        try {
          return await get(context, `${baseUrl}${path}`, settings.accessToken);
        } catch (error) {
          throw new BootCheckFailure(`BitGo Express could not be reached at BITGO_EXPRESS_URL (${baseUrl}): ${messageOf(error)}`);
        }
      };

      const ping = await call('/api/v2/ping');
      if (ping.status !== 200)
        throw new BootCheckFailure(
          `BitGo Express answered its ping with HTTP ${ping.status} (${describeBitgoError(ping.json)}): is BitGo Express running at BITGO_EXPRESS_URL, and can it reach BitGo?`,
        );
      const environment = (ping.json as { environment?: unknown } | undefined)?.environment;

      const wallets: string[] = [];
      for (const [network, walletId] of Object.entries(settings.walletIds)) {
        const coin = BITGO_COINS[`${network}/${network}`];
        if (!coin) throw new BootCheckFailure(`BITGO_WALLET_IDS names ${network}, a network BitGo is not set up for here`);
        const { status, json } = await call(`/api/v2/${coin}/wallet/${encodeURIComponent(walletId)}`);
        if (status === 401)
          throw new BootCheckFailure(
            `BitGo refused BITGO_ACCESS_TOKEN (HTTP 401): check the token, that it is of the environment BitGo Express runs in (${typeof environment === 'string' ? environment : 'see its BITGO_ENV'}), and its IP allow list`,
          );
        if (status === 403 || status === 404)
          throw new BootCheckFailure(
            `BitGo has no ${network} wallet ${walletId} that BITGO_ACCESS_TOKEN may see (HTTP ${status}: ${describeBitgoError(json)}): check BITGO_WALLET_IDS, and that the token's user is on the wallet`,
          );
        if (status !== 200) throw new BootCheckFailure(`BitGo ${network} wallet read failed: HTTP ${status} (${describeBitgoError(json)})`);
        wallets.push(network);
      }
      return `BITGO_ACCESS_TOKEN accepted${typeof environment === 'string' ? ` (${environment})` : ''}; wallets ${wallets.join(', ')} readable`;
    },
  };
}
