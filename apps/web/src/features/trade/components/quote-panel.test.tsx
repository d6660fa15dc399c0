import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import type { Quote } from '../api/trade-api';
import { quote } from '../trade-test-kit';
import { QuotePanel } from './quote-panel';

const FORMAT = { fiatDecimals: 2, cryptoDecimals: 8 };
const show = (shown: Quote) =>
  renderWithI18n(<QuotePanel quote={shown} format={FORMAT} secondsLeft={20} isUpdating={false} wasExpired={false} promotion={undefined} />);

/** The fee lines as shown, label → text, in order (the Total's own line apart). */
function feeLines() {
  const list = screen.getByRole('group', { name: 'Fees' });
  return within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? ''] as const);
}

/** "−0.99 EUR" → -99n (hundredths): the test adds what is on screen exactly, without JS numbers. */
const cents = (text: string) => {
  const [, sign, whole, fraction] = /^(−)?([\d,]+)\.(\d{2}) EUR$/.exec(text)!;
  const value = BigInt(`${whole!.replace(/,/g, '')}${fraction}`);
  return sign ? -value : value;
};

describe('QuotePanel fees', () => {
  it('with the promotion: network fee + our fee − discount = total fees, each figure shown once, no strike-through', () => {
    show(
      quote({
        fees: {
          ourFee: '1.25',
          ourFeeBeforeDiscount: '2.50',
          networkFee: '1.20',
          spread: '0.60',
          spreadRate: '0.01',
          discount: '1.25',
          total: '2.45',
        },
      }),
    );
    const lines = feeLines();
    expect(lines).toEqual([
      ['Network fee', '1.20 EUR'],
      ['Our fee', '2.50 EUR'],
      ['Promotion discount', '−1.25 EUR'],
      ['Total fees', '2.45 EUR'],
    ]);
    const [total, ...added] = [lines.at(-1)!, ...lines.slice(0, -1)];
    expect(added.reduce((sum, [, text]) => sum + cents(text), 0n)).toBe(cents(total[1]));
    // Read aloud, our fee is one amount (a struck price read as "2.50 EUR1.25 EUR" is gone).
    expect(document.querySelector('s, del')).toBeNull();
    expect(screen.getByText('Our fee', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^2\.50 EUR$/);
    expect(screen.getAllByText(/1\.25 EUR/)).toHaveLength(1);
    // The spread is inside the price, not one of the fees that add up: it stands apart from the sum.
    expect(screen.getByText('Spread (1%, included in the price)', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0.60 EUR');
    expect(lines.map(([label]) => label)).not.toContain('Spread (1%, included in the price)');
  });

  it('without the promotion: no discount line, and the lines still add up to the total', () => {
    show(
      quote({
        promotionApplied: false,
        fees: {
          ourFee: '2.50',
          ourFeeBeforeDiscount: '2.50',
          networkFee: '1.20',
          spread: '0.60',
          spreadRate: '0.01',
          discount: '0.00',
          total: '3.70',
        },
      }),
    );
    expect(feeLines()).toEqual([
      ['Network fee', '1.20 EUR'],
      ['Our fee', '2.50 EUR'],
      ['Total fees', '3.70 EUR'],
    ]);
  });

  it('the total is the sum of the shown lines, added as decimals (0.10 + 0.20 is 0.30, not 0.30000000000000004)', () => {
    show(
      quote({
        promotionApplied: false,
        fees: {
          ourFee: '0.20',
          ourFeeBeforeDiscount: '0.20',
          networkFee: '0.10',
          spread: '0',
          spreadRate: '0.01',
          discount: '0',
          total: '0.30',
        },
      }),
    );
    expect(feeLines().at(-1)).toEqual(['Total fees', '0.30 EUR']);
  });

  it("the total shown is the server's (what the order charges), even were the lines to fall short of it", () => {
    // A fee the page has no line for (say a card surcharge of 0.40) leaves the lines 0.40 short.
    show(
      quote({
        promotionApplied: false,
        fees: {
          ourFee: '2.50',
          ourFeeBeforeDiscount: '2.50',
          networkFee: '1.20',
          spread: '0',
          spreadRate: '0.01',
          discount: '0.00',
          total: '4.10',
        },
      }),
    );
    expect(feeLines().at(-1)).toEqual(['Total fees', '4.10 EUR']);
  });
});
