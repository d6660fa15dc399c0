import { describe, expect, it } from 'vitest';
import { csvCell, csvHeader, csvOrder, csvRecord, type ExportedOrder, exportFileName } from './history-export-csv.ts';

const ORDER: ExportedOrder = {
  id: '0b7e7f4e-2a61-4c5e-9a57-6f3d1c2b9a10',
  createdAt: new Date('2026-03-01T09:30:00.123Z'),
  transactionType: 'buy',
  status: 'SUCCESS',
  fiatCurrency: 'EUR',
  fiatAmount: '100.000000000000000000',
  cryptoCurrency: 'BTC',
  cryptoAmount: '0.001234560000000000',
  network: 'BTC',
  fees: { total: '2.50', ourFee: '2.00', networkFee: '0.50' },
  walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  cardLast4: '4242',
  failReason: null,
};

describe('history export CSV: RFC 4180', () => {
  it('leaves a plain cell as it is, and writes null as an empty cell', () => {
    expect(csvCell('SUCCESS')).toBe('SUCCESS');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell holding a comma, a quote, CR or LF, and doubles its quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvRecord(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});

describe('history export CSV: formula injection', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1:A2)', '\tTAB', '\rCR'])(
    'gives %j a leading apostrophe, so a spreadsheet shows it as text',
    (value) => {
      const cell = csvCell(value);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(unquoted).toBe(`'${value}`);
    },
  );

  it('neutralises first, then quotes: the apostrophe sits inside the quotes', () => {
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('=A1&"x"')).toBe(`"'=A1&""x"""`);
  });

  it('leaves a formula character that is not the first one alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('0.5')).toBe('0.5');
  });
});

describe('history export CSV: rows', () => {
  it('writes a header in the export language', () => {
    expect(csvHeader('en')).toBe(
      'Created at (UTC),Order ID,Type,Status,Fiat currency,Fiat amount,Crypto currency,Crypto amount,Network,Fee (fiat),Wallet address,Card last 4,Fail reason\r\n',
    );
    expect(csvHeader('zh').split(',')).toHaveLength(13);
    expect(csvHeader('zh')).toContain('订单号');
  });

  it('writes one order from its row: ISO time in UTC, amounts as the database holds them, the fee total', () => {
    expect(csvOrder(ORDER)).toBe(
      `2026-03-01T09:30:00.123Z,${ORDER.id},buy,SUCCESS,EUR,100.000000000000000000,BTC,0.001234560000000000,BTC,2.50,${ORDER.walletAddress},4242,\r\n`,
    );
  });

  it('writes any transaction type as it is, and leaves out what the order lacks', () => {
    const deposit = { ...ORDER, transactionType: 'deposit', status: 'FAILED', fees: null, walletAddress: null, cardLast4: null };
    expect(csvOrder({ ...deposit, failReason: 'PAYOUT_FAILED' })).toBe(
      `2026-03-01T09:30:00.123Z,${ORDER.id},deposit,FAILED,EUR,100.000000000000000000,BTC,0.001234560000000000,BTC,,,,PAYOUT_FAILED\r\n`,
    );
  });

  it('names the file by the day it was asked for', () => {
    expect(exportFileName(new Date('2026-11-21T23:59:00Z'))).toBe('causeway-history-2026-11-21.csv');
  });
});
