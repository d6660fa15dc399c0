import type { AddressScreeningProvider, ScreeningResult } from './address-screening.ts';
import { screeningKey } from './screening-key.ts';

/**
 * The sandbox screening: a small deny list of real addresses on the US Treasury's OFAC SDN list,
 * so people and tests meet a refusal with addresses a real screening vendor refuses too. Every
 * entry passes our own address validation for its network (sandbox.test.ts checks it). Any other
 * address is clear. Try them in the wallet form or analyze-on-chain-address:
 *
 * | network | address | listed as |
 * | --- | --- | --- |
 * | ETH | 0x098B716B8Aaf21512996dC57EB0615e2383E2f96 | Lazarus Group, the Ronin bridge theft (OFAC, 2022-04-14) |
 * | ETH | 0x1da5821544e25c636c1417ba96ade4cf6d2f9b5a | Secondeye Solution (OFAC, 2021-04-15; Chainalysis's documented example) |
 * | BTC | 149w62rY42aZBox8fGcmqNsXUzSStKeq8C | SamSam ransomware exchangers, the first crypto SDN entries (OFAC, 2018-11-28) |
 * | BTC | 1AjZPMsnmpdK2Rv9KQNfMurTXinscVro9V | SamSam ransomware exchangers (OFAC, 2018-11-28) |
 * | BTC | 3AQSmMk5n3c6TKEg9B2WyzYAPm33gJJAA4 | OFAC SDN list (P2SH) |
 * | BTC | bc1qsxf77cvwcd6jv6j8d8j3uhh4g0xqw4meswmwuc | OFAC SDN list (native segwit) |
 * | TRX | TA3rH2A7iHnm6pKH8gr9cK1EZnShnmZdFg | OFAC SDN list |
 * | SOL | FuCC7GoYwt5TsNTjWL23Xx9UKCvC18chjMEFPL3vJDCC | OFAC SDN list |
 * | XRP | rnXyVQzgxZe7TR1EPzTkGj2jxH4LMJYh66 | OFAC SDN list (any destination tag) |
 *
 * Entries without a name come from the published list as extracted by
 * github.com/0xB10C/ofac-sanctioned-digital-currency-addresses. Tornado Cash's contracts are
 * deliberately absent: OFAC removed them from the SDN list on 2025-03-21, so a real vendor no longer
 * flags them. ERC-20 and TRC-20 tokens share their chain's addresses: USDT to a listed ETH address
 * is refused the same way.
 */
export const SANDBOX_DENY_LIST: ReadonlyArray<{ network: string; address: string; listedAs: string }> = [
  { network: 'ETH', address: '0x098B716B8Aaf21512996dC57EB0615e2383E2f96', listedAs: 'SANCTIONS: OFAC SDN Lazarus Group 2022-04-14' },
  { network: 'ETH', address: '0x1da5821544e25c636c1417ba96ade4cf6d2f9b5a', listedAs: 'SANCTIONS: OFAC SDN Secondeye Solution 2021-04-15' },
  { network: 'BTC', address: '149w62rY42aZBox8fGcmqNsXUzSStKeq8C', listedAs: 'SANCTIONS: OFAC SDN SamSam exchanger 2018-11-28' },
  { network: 'BTC', address: '1AjZPMsnmpdK2Rv9KQNfMurTXinscVro9V', listedAs: 'SANCTIONS: OFAC SDN SamSam exchanger 2018-11-28' },
  { network: 'BTC', address: '3AQSmMk5n3c6TKEg9B2WyzYAPm33gJJAA4', listedAs: 'SANCTIONS: OFAC SDN' },
  { network: 'BTC', address: 'bc1qsxf77cvwcd6jv6j8d8j3uhh4g0xqw4meswmwuc', listedAs: 'SANCTIONS: OFAC SDN' },
  { network: 'TRX', address: 'TA3rH2A7iHnm6pKH8gr9cK1EZnShnmZdFg', listedAs: 'SANCTIONS: OFAC SDN' },
  { network: 'SOL', address: 'FuCC7GoYwt5TsNTjWL23Xx9UKCvC18chjMEFPL3vJDCC', listedAs: 'SANCTIONS: OFAC SDN' },
  { network: 'XRP', address: 'rnXyVQzgxZe7TR1EPzTkGj2jxH4LMJYh66', listedAs: 'SANCTIONS: OFAC SDN' },
];

const DENIED = new Set(SANDBOX_DENY_LIST.map((entry) => screeningKey(entry.network, entry.address)));

export function createSandboxScreening(): AddressScreeningProvider {
  return {
    kind: 'sandbox',
    async screen({ network, address }): Promise<ScreeningResult> {
      return DENIED.has(screeningKey(network, address))
        ? { address, network, flagged: true, riskLevel: 'SEVERE', category: 'sanctions', source: 'sandbox' }
        : { address, network, flagged: false, riskLevel: 'LOW', category: null, source: 'sandbox' };
    },
  };
}
