import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { TabSwitcher } from './tab-switcher.tsx';

const items = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
  { value: 'swap', label: 'Swap' },
] as const;

function Controlled({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState<string>('buy');
  return (
    <TabSwitcher
      label="Trade"
      items={items}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
    />
  );
}

describe('TabSwitcher', () => {
  it('renders a named tablist with the selected tab', () => {
    renderWithI18n(<TabSwitcher label="Trade" items={items} value="sell" />);
    expect(screen.getByRole('tablist', { name: 'Trade' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sell' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'false');
    // No panels were given, so the tabs do not point at missing ones.
    expect(screen.getByRole('tab', { name: 'Buy' })).not.toHaveAttribute('aria-controls');
  });

  it('moves and selects with the arrow keys, wrapping around', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderWithI18n(<Controlled onValueChange={onValueChange} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Buy' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sell' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Sell' })).toHaveAttribute('aria-selected', 'true');
    expect(onValueChange).toHaveBeenLastCalledWith('sell');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Swap' })).toHaveFocus();
    expect(onValueChange).toHaveBeenLastCalledWith('swap');
  });

  it('selects on click', async () => {
    const onValueChange = vi.fn();
    renderWithI18n(<Controlled onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Swap' }));
    expect(onValueChange).toHaveBeenCalledWith('swap');
    expect(screen.getByRole('tab', { name: 'Swap' })).toHaveAttribute('aria-selected', 'true');
  });

  it('renders linked panels when items have content', async () => {
    renderWithI18n(
      <TabSwitcher
        items={[
          { value: 'a', label: 'A', content: 'Panel A' },
          { value: 'b', label: 'B', content: 'Panel B' },
        ]}
      />,
    );
    expect(screen.getByRole('tabpanel', { name: 'A' })).toHaveTextContent('Panel A');
    await userEvent.click(screen.getByRole('tab', { name: 'B' }));
    expect(screen.getByRole('tabpanel', { name: 'B' })).toHaveTextContent('Panel B');
  });

  it('hidden keeps the selected panel mounted but out of sight; list and panel take the given layout', () => {
    const { rerender } = renderWithI18n(
      <TabSwitcher
        label="Trade"
        value="buy"
        items={[{ value: 'buy', label: 'Buy', content: <input aria-label="Amount" defaultValue="12" /> }]}
        listClassName="mx-4"
        contentClassName="px-4"
      />,
    );
    expect(screen.getByRole('tablist', { name: 'Trade' })).toHaveClass('mx-4');
    expect(screen.getByRole('tablist', { name: 'Trade' })).not.toHaveClass('w-full');
    expect(screen.getByRole('tabpanel', { name: 'Buy' })).toHaveClass('px-4');
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    rerender(
      <TabSwitcher
        label="Trade"
        value="buy"
        hidden
        items={[{ value: 'buy', label: 'Buy', content: <input aria-label="Amount" defaultValue="12" /> }]}
        listClassName="mx-4"
        contentClassName="px-4"
      />,
    );
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount', hidden: true })).toBe(amount);
  });
});
