import type { SellDeposit } from '@causeway/contracts';
import type { OrderDetail, OrderSummary } from './api/orders-api';

/** Test-only orders (get-detail and list-order answers). */

export const ORDER_ID = '3f2a6c1e-8d4b-4e7a-9c1d-2b5e8f0a7c64';
export const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const TX_HASH = '9f1c2b7e4d3a5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8';

/** A card buy of 0.00123 BTC for 100.00 EUR, PROCESSING unless overridden. */
export const orderDetail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  orderId: ORDER_ID,
  status: 'PROCESSING',
  transactionType: 'buy',
  channelCode: 'CHECKOUT',
  paymentMethod: 'CARD',
  fiatCurrency: 'EUR',
  fiatAmount: '100.00',
  cryptoCurrency: 'BTC',
  network: 'BTC',
  cryptoAmount: '0.00123',
  price: '78000.00',
  fees: {
    ourFee: '1.50',
    ourFeeBeforeDiscount: '3.00',
    networkFee: '2.10',
    spread: '0.80',
    spreadRate: '0.01',
    discount: '1.50',
    total: '3.60',
  },
  walletAddress: ADDRESS,
  memo: null,
  card: { cardId: 'crd_1', cardProcessor: 'VISA', maskedNumber: '4242 **** **** 4242' },
  threeDsStatus: 'NOT_REQUIRED',
  threeDsUrl: null,
  failReason: null,
  txHash: null,
  createdAt: '2026-03-10T09:30:00.000Z',
  updatedAt: '2026-03-10T09:30:05.000Z',
  completedAt: null,
  deadlineAt: '2026-03-11T09:30:00.000Z',
  refunded: false,
  deposit: null,
  travelRule: null,
  bankTransfer: null,
  ...overrides,
});

/** The list-order row of {@link orderDetail}, with its own id. */
export const orderSummary = (orderId: string, overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  orderId,
  status: 'SUCCESS',
  transactionType: 'buy',
  fiatCurrency: 'EUR',
  fiatAmount: '100.00',
  cryptoCurrency: 'BTC',
  network: 'BTC',
  cryptoAmount: '0.00123',
  createdAt: '2026-03-10T09:30:00.000Z',
  completedAt: '2026-03-10T09:31:00.000Z',
  failReason: null,
  ...overrides,
});

/** The address made for {@link sellDetail}'s order (a sell's walletAddress is its deposit address). */
export const DEPOSIT_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
/** When {@link sellDetail}'s order was submitted, and its 30-minute deposit window's end. */
export const SELL_SUBMITTED_AT = '2026-03-10T09:30:00.000Z';
export const SELL_WINDOW_ENDS_AT = '2026-03-10T10:00:00.000Z';

/** The deposit of {@link sellDetail}: 0.01 BTC to send, nothing seen yet. */
export const sellDeposit = (overrides: Partial<SellDeposit> = {}): SellDeposit => ({
  address: DEPOSIT_ADDRESS,
  memo: null,
  network: 'BTC',
  cryptoCurrency: 'BTC',
  amount: '0.01',
  expiresAt: SELL_WINDOW_ENDS_AT,
  confirmationsRequired: 2,
  receivedAmount: null,
  confirmations: null,
  ...overrides,
});

/** A card sell of 0.01 BTC for 96.52 EUR paid out to the card, waiting for its crypto unless overridden. */
export const sellDetail = (overrides: Partial<OrderDetail> = {}): OrderDetail =>
  orderDetail({
    status: 'OrderSubmitted',
    transactionType: 'sell',
    fiatAmount: '96.52',
    cryptoAmount: '0.01',
    price: '9750.00',
    fees: {
      ourFee: '0.98',
      ourFeeBeforeDiscount: '0.98',
      networkFee: '0.00',
      spread: '0.98',
      spreadRate: '0.01',
      discount: '0.00',
      total: '0.98',
    },
    walletAddress: DEPOSIT_ADDRESS,
    createdAt: SELL_SUBMITTED_AT,
    updatedAt: SELL_SUBMITTED_AT,
    deposit: sellDeposit(),
    ...overrides,
  });
