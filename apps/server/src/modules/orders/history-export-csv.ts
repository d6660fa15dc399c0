/**
 * The history export's file (docs/rules/limits.md "History export"): a header row, then one row per
 * order, written from the order row's own columns whatever its transaction type, so a new type
 * (deposit, withdraw) appears without a change here.
 */

/** One order as the export reads it: its row's columns, and its card's last four digits when it has a card. */
export interface ExportedOrder {
  id: string;
  createdAt: Date;
  transactionType: string;
  status: string;
  fiatCurrency: string;
  fiatAmount: string;
  cryptoCurrency: string;
  cryptoAmount: string;
  network: string;
  /** The itemised fee (quoteFeesSchema for buys and sells): the export writes its `total`, in the fiat currency. */
  fees: unknown;
  walletAddress: string | null;
  cardLast4: string | null;
  failReason: string | null;
}

export type ExportLanguage = 'en' | 'zh';

/** The columns in order, with their header in each language and the cell each order fills. */
const COLUMNS: ReadonlyArray<{ en: string; zh: string; cell: (order: ExportedOrder) => string | null }> = [
  { en: 'Created at (UTC)', zh: '创建时间（UTC）', cell: (order) => order.createdAt.toISOString() },
  { en: 'Order ID', zh: '订单号', cell: (order) => order.id },
  { en: 'Type', zh: '类型', cell: (order) => order.transactionType },
  { en: 'Status', zh: '状态', cell: (order) => order.status },
  { en: 'Fiat currency', zh: '法币', cell: (order) => order.fiatCurrency },
  // Amounts are the decimal strings the database holds: never a JS number, so nothing is rounded.
  { en: 'Fiat amount', zh: '法币金额', cell: (order) => order.fiatAmount },
  { en: 'Crypto currency', zh: '加密货币', cell: (order) => order.cryptoCurrency },
  { en: 'Crypto amount', zh: '加密货币数量', cell: (order) => order.cryptoAmount },
  { en: 'Network', zh: '网络', cell: (order) => order.network },
  { en: 'Fee (fiat)', zh: '手续费（法币）', cell: (order) => feeTotalOf(order.fees) },
  { en: 'Wallet address', zh: '钱包地址', cell: (order) => order.walletAddress },
  { en: 'Card last 4', zh: '银行卡后四位', cell: (order) => order.cardLast4 },
  { en: 'Fail reason', zh: '失败原因', cell: (order) => order.failReason },
];

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * Spreadsheets read UTF-8 without a byte-order mark as the local code page, which garbles the
 * Chinese header: the file starts with one (RFC 4180 readers skip it as whitespace or keep it in the first name).
 */
export const CSV_BOM = '\uFEFF';

const feeTotalOf = (fees: unknown): string | null => {
  const total = (fees as { total?: unknown } | null)?.total;
  return typeof total === 'string' ? total : null;
};

/** A leading character a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a value starting like a formula gets a leading apostrophe, so a spreadsheet shows it as
 * text instead of running it; then RFC 4180 quoting: a cell holding a quote, comma, CR or LF is
 * wrapped in quotes, its quotes doubled. Null is an empty cell.
 */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, ended by CRLF as RFC 4180 asks. */
export const csvRecord = (cells: ReadonlyArray<string | null | undefined>): string => `${cells.map(csvCell).join(',')}\r\n`;

export const csvHeader = (lang: ExportLanguage): string => csvRecord(COLUMNS.map((column) => column[lang]));

export const csvOrder = (order: ExportedOrder): string => csvRecord(COLUMNS.map((column) => column.cell(order)));

/**
 * The file's name when downloaded: the UTC day it was asked for (the range's own days are the
 * person's local ones, which the server does not know).
 */
export const exportFileName = (askedAt: Date): string => `causeway-history-${askedAt.toISOString().slice(0, 10)}.csv`;
