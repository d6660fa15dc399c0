import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cx } from './class-names.ts';

/** One tab of {@link TabSwitcher}. */
export interface TabItem<V extends string = string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
  /** Panel shown while this tab is selected; omit when the parent renders the content itself. */
  content?: ReactNode;
}

/** Props of {@link TabSwitcher}. */
export interface TabSwitcherProps<V extends string = string> {
  items: readonly TabItem<V>[];
  /** Selected value (controlled). */
  value?: V;
  /** Initially selected value when uncontrolled; defaults to the first item. */
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  /** Accessible name of the tab list. */
  label?: string;
  className?: string;
  /** Layout of the tab list (default full width). */
  listClassName?: string;
  /** Layout of each panel (default a gap above it). */
  contentClassName?: string;
  /** Hides the whole switcher, keeping it mounted (its panels keep their state). */
  hidden?: boolean;
}

/**
 * Segmented tab bar (a WAI-ARIA tablist via Radix Tabs): Left/Right arrows move between tabs and
 * select them, Home/End jump to the ends, Tab leaves the list.
 */
export function TabSwitcher<V extends string>({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
  className,
  listClassName = 'w-full',
  contentClassName = 'pt-4',
  hidden,
}: TabSwitcherProps<V>) {
  return (
    <Tabs.Root
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      // Radix types values as string; every value it reports comes from `items`.
      onValueChange={(next) => onValueChange?.(next as V)}
      className={className}
      hidden={hidden}
    >
      <Tabs.List aria-label={label} className={cx('flex rounded-full bg-surface-2 p-1', listClassName)}>
        {items.map((item) => (
          <Tabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            // Without a panel Radix's aria-controls would point at an element that does not exist.
            {...(item.content === undefined ? { 'aria-controls': undefined } : {})}
            className={cx(
              'min-h-10 flex-1 rounded-full px-3 text-sm font-medium text-muted transition',
              'data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm',
              'disabled:opacity-50',
            )}
          >
            {item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {items.map(
        (item) =>
          item.content !== undefined && (
            <Tabs.Content key={item.value} value={item.value} className={contentClassName}>
              {item.content}
            </Tabs.Content>
          ),
      )}
    </Tabs.Root>
  );
}
