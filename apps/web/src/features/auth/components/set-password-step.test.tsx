import { PASSWORD_SPECIALS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { SetPasswordStep } from './set-password-step';

const RULES = {
  length: '12 to 32 characters',
  upper: 'An upper-case letter',
  lower: 'A lower-case letter',
  digit: 'A digit',
  special: 'A special character',
  accepted: `Only accepted special characters: ${PASSWORD_SPECIALS}`,
} as const;
type Rule = keyof typeof RULES;

const open = () => {
  const onSubmit = vi.fn(() => Promise.resolve());
  const onSkip = vi.fn();
  renderWithI18n(<SetPasswordStep onSubmit={onSubmit} onSkip={onSkip} />);
  return { onSubmit, onSkip, user: userEvent.setup() };
};

const password = () => screen.getByLabelText('Password');
const repeat = () => screen.getByLabelText('Repeat password');
const save = () => screen.getByRole('button', { name: 'Save password' });

/** The rules the checklist shows as met (✓), by name. */
const met = (): Rule[] => {
  const items = within(screen.getByRole('list', { name: 'Password rules' })).getAllByRole('listitem');
  return (Object.keys(RULES) as Rule[]).filter((rule) => {
    const item = items.find((li) => li.textContent?.endsWith(RULES[rule]));
    if (!item) throw new Error(`no checklist item for ${rule}`);
    return item.textContent?.startsWith('✓');
  });
};

describe('SetPasswordStep and its new-password fields', () => {
  it('lists every rule of spec §5, none met while empty', () => {
    open();
    const items = within(screen.getByRole('list', { name: 'Password rules' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.slice(2))).toEqual(Object.values(RULES));
    expect(met()).toEqual([]);
    expect(save()).toHaveAttribute('aria-disabled', 'true');
  });

  it('ticks each rule as the password meets it', async () => {
    const { user } = open();
    await user.type(password(), 'a');
    expect(met()).toEqual(['lower', 'accepted']);
    await user.type(password(), 'B');
    expect(met()).toEqual(['upper', 'lower', 'accepted']);
    await user.type(password(), '1');
    expect(met()).toEqual(['upper', 'lower', 'digit', 'accepted']);
    await user.type(password(), '#');
    expect(met()).toEqual(['upper', 'lower', 'digit', 'special', 'accepted']);
    await user.type(password(), 'cdefgh');
    expect(password()).toHaveValue('aB1#cdefgh');
    expect(met()).not.toContain('length');
    await user.type(password(), 'ij');
    expect(met()).toEqual(Object.keys(RULES));
  });

  it('unticks the length rule past 32 characters', async () => {
    const { user } = open();
    await user.type(password(), `Aa1!${'x'.repeat(28)}`);
    expect(met()).toContain('length');
    await user.type(password(), 'x');
    expect(met()).not.toContain('length');
  });

  it.each([
    ['a space', 'Abcdefgh12! '],
    ['a non-ASCII letter', 'Abcdefgh12!é'],
    ['an unlisted symbol', 'Abcdefgh12!€'],
  ])('unticks the accepted characters rule for %s', async (_case, value) => {
    const { user } = open();
    await user.type(password(), value);
    expect(met()).not.toContain('accepted');
    expect(save()).toHaveAttribute('aria-disabled', 'true');
  });

  it('says "Password mismatch" under the repeat once typed, until it matches', async () => {
    const { user } = open();
    await user.type(password(), 'Abcdefgh12!x');
    expect(screen.queryByText('Password mismatch')).not.toBeInTheDocument();
    await user.type(repeat(), 'Abcdefgh12!');
    expect(repeat()).toHaveAccessibleDescription('Password mismatch');
    expect(repeat()).toHaveAttribute('aria-invalid', 'true');
    await user.type(repeat(), 'x');
    expect(screen.queryByText('Password mismatch')).not.toBeInTheDocument();
    expect(repeat()).not.toHaveAttribute('aria-invalid');
  });

  it('keeps Save inactive until every rule is met and the repeat matches, then submits both', async () => {
    const { user, onSubmit } = open();
    await user.type(password(), 'abcdefgh12!x');
    await user.type(repeat(), 'abcdefgh12!x');
    expect(met()).not.toContain('upper');
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    await user.click(save());
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(password());
    await user.type(password(), 'Abcdefgh12!x');
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    await user.clear(repeat());
    await user.type(repeat(), 'Abcdefgh12!x');
    expect(save()).not.toHaveAttribute('aria-disabled');
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('Abcdefgh12!x', 'Abcdefgh12!x');
  });

  it('shows the error it is given and offers to skip', async () => {
    const onSkip = vi.fn();
    renderWithI18n(<SetPasswordStep error="Something went wrong, please try again" onSubmit={() => Promise.resolve()} onSkip={onSkip} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong, please try again');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(onSkip).toHaveBeenCalledTimes(1);
  });
});
