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

/** What a screen reader says for an element: its text without the parts hidden from it. */
const spoken = (element: Element): string => {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
};

const ruleItems = () => within(screen.getByRole('list', { name: 'Password rules' })).getAllByRole('listitem');

/** The rules a screen reader hears as met ("Met: …"), by name. */
const met = (): Rule[] => {
  const items = ruleItems();
  return (Object.keys(RULES) as Rule[]).filter((rule) => {
    const item = items.find((li) => spoken(li).endsWith(RULES[rule]));
    if (!item) throw new Error(`no checklist item for ${rule}`);
    return spoken(item).startsWith('Met:');
  });
};

/** The polite summary of the checklist. */
const summary = () => screen.getByTestId('password-rules-summary');

describe('SetPasswordStep and its new-password fields', () => {
  it('lists every rule of docs/rules/validation.md, each heard as not met while empty (the ○ marks are hidden)', () => {
    open();
    expect(ruleItems().map(spoken)).toEqual(Object.values(RULES).map((rule) => `Not met: ${rule}`));
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

  it('shows each state as ✓ or ○ and says it in words to a screen reader', async () => {
    const { user } = open();
    await user.type(password(), 'a');
    const lower = ruleItems().find((li) => spoken(li).endsWith(RULES.lower))!;
    const digit = ruleItems().find((li) => spoken(li).endsWith(RULES.digit))!;
    expect(lower.textContent).toContain('✓');
    expect(spoken(lower)).toBe(`Met: ${RULES.lower}`);
    expect(digit.textContent).toContain('○');
    expect(spoken(digit)).toBe(`Not met: ${RULES.digit}`);
  });

  it('sums the rules met in a polite live region, which changes only when a rule changes', async () => {
    const { user } = open();
    expect(summary()).toHaveAttribute('aria-live', 'polite');
    expect(summary()).toHaveTextContent('0 of 6 password rules met');
    expect(password()).toHaveAccessibleDescription('0 of 6 password rules met');
    await user.type(password(), 'a');
    expect(summary()).toHaveTextContent('2 of 6 password rules met');
    await user.type(password(), 'b');
    expect(summary()).toHaveTextContent('2 of 6 password rules met');
    await user.type(password(), 'C1#defghij');
    expect(summary()).toHaveTextContent('All 6 password rules met');
  });

  it('says the states in Chinese on a Chinese page', async () => {
    renderWithI18n(<SetPasswordStep onSubmit={() => Promise.resolve()} onSkip={() => {}} />, undefined, 'zh');
    const items = within(screen.getByRole('list', { name: '密码规则' })).getAllByRole('listitem');
    expect(spoken(items[0]!)).toBe('未满足： 12 到 32 个字符');
    await userEvent.setup().type(screen.getByLabelText('密码'), 'a');
    expect(spoken(within(screen.getByRole('list', { name: '密码规则' })).getAllByRole('listitem')[2]!)).toBe('已满足： 一个小写字母');
    expect(summary()).toHaveTextContent('已满足 2/6 条密码规则');
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

  it('gives each password field its own "Show password" toggle, which submits nothing', async () => {
    const { user, onSubmit } = open();
    const [showPassword, showRepeat] = screen.getAllByRole('button', { name: 'Show password' });
    expect(showPassword).toHaveAttribute('aria-pressed', 'false');
    await user.click(showPassword!);
    expect(showPassword).toHaveAttribute('aria-pressed', 'true');
    expect(password()).toHaveAttribute('type', 'text');
    expect(repeat()).toHaveAttribute('type', 'password');
    await user.click(showRepeat!);
    expect(repeat()).toHaveAttribute('type', 'text');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the error it is given and offers to skip', async () => {
    const onSkip = vi.fn();
    renderWithI18n(<SetPasswordStep error="Something went wrong, please try again" onSubmit={() => Promise.resolve()} onSkip={onSkip} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong, please try again');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(onSkip).toHaveBeenCalledTimes(1);
  });
});
