import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { CodeInput, OTP_LENGTH, type CodeInputHandle } from './code-input.tsx';

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const values = () => boxes().map((box) => box.value);

describe('CodeInput', () => {
  it('renders six named numeric boxes in a named group, one-time-code autocomplete on the first', () => {
    renderWithI18n(<CodeInput />);
    expect(OTP_LENGTH).toBe(6);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    boxes().forEach((box, i) => {
      expect(box).toHaveAccessibleName(`Digit ${i + 1} of 6`);
      expect(box).toHaveAttribute('inputmode', 'numeric');
    });
    expect(boxes()[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(boxes()[1]).toHaveAttribute('autocomplete', 'off');
  });

  it('moves focus to the next box after each digit', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithI18n(<CodeInput onChange={onChange} />);
    await user.click(boxes()[0]!);
    await user.keyboard('12');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(boxes()[2]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('12');
  });

  it('ignores non-digits', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithI18n(<CodeInput onChange={onChange} />);
    await user.click(boxes()[0]!);
    await user.keyboard('a-');
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(boxes()[0]).toHaveFocus();
    await user.keyboard('7x');
    expect(values()).toEqual(['7', '', '', '', '', '']);
    expect(boxes()[1]).toHaveFocus();
    expect(onChange.mock.calls).toEqual([['7']]);
  });

  it('replaces the digit of a box typed into again', async () => {
    const user = userEvent.setup();
    renderWithI18n(<CodeInput />);
    await user.click(boxes()[0]!);
    await user.keyboard('12');
    await user.click(boxes()[0]!);
    await user.keyboard('9');
    expect(values()).toEqual(['9', '2', '', '', '', '']);
  });

  it.each(['123456', ' 12 34 56x'])('spreads a paste of %j across the boxes from the first', async (text) => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    renderWithI18n(<CodeInput onComplete={onComplete} />);
    await user.click(boxes()[0]!);
    await user.paste(text);
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(boxes()[5]).toHaveFocus();
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('fills from the first box wherever the paste happens, and focuses the next empty box', async () => {
    const user = userEvent.setup();
    renderWithI18n(<CodeInput />);
    await user.click(boxes()[0]!);
    await user.keyboard('98');
    await user.click(boxes()[2]!);
    await user.paste('12');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(boxes()[2]).toHaveFocus();
  });

  it('spreads a whole code autofilled into the first box (one input event)', () => {
    const onComplete = vi.fn();
    renderWithI18n(<CodeInput onComplete={onComplete} />);
    fireEvent.input(boxes()[0]!, { target: { value: '654321' } });
    expect(values()).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('654321');
  });

  it("treats a box emptied by an input event (phone keyboards' Backspace) like Backspace", async () => {
    const user = userEvent.setup();
    renderWithI18n(<CodeInput />);
    await user.click(boxes()[0]!);
    await user.keyboard('12');
    fireEvent.input(boxes()[1]!, { target: { value: '' } });
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(boxes()[0]).toHaveFocus();
  });

  it.each([
    ['an empty box', 3],
    ['a filled box', 1],
    ['the last box', 5],
  ])('Backspace in %s clears all boxes and refocuses the first', async (_, index) => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithI18n(<CodeInput onChange={onChange} />);
    await user.click(boxes()[0]!);
    await user.keyboard(index === 5 ? '123456' : '123');
    await user.click(boxes()[index]!);
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(boxes()[0]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('keeps digits contiguous: focusing a box past the first empty one moves focus there', async () => {
    const user = userEvent.setup();
    renderWithI18n(<CodeInput />);
    await user.click(boxes()[4]!);
    expect(boxes()[0]).toHaveFocus();
    await user.keyboard('5');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(boxes()[1]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
  });

  it('fires onComplete exactly once when the sixth digit is entered', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    renderWithI18n(<CodeInput onComplete={onComplete} />);
    await user.click(boxes()[0]!);
    await user.keyboard('12345');
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');

    // Typing the same digit again changes nothing, so no second completion.
    await user.keyboard('6');
    expect(onComplete).toHaveBeenCalledTimes(1);

    // Clearing and re-entering is a new completion.
    await user.keyboard('{Backspace}654321');
    expect(onComplete).toHaveBeenCalledTimes(2);
    expect(onComplete).toHaveBeenLastCalledWith('654321');
  });

  it('shows the error below, linked to every box', () => {
    renderWithI18n(<CodeInput error="Wrong code" />);
    boxes().forEach((box) => {
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription('Wrong code');
    });
  });

  it('disables every box', () => {
    renderWithI18n(<CodeInput disabled />);
    boxes().forEach((box) => expect(box).toBeDisabled());
  });

  it('supports another length', () => {
    renderWithI18n(<CodeInput length={4} />);
    expect(boxes()).toHaveLength(4);
    expect(boxes()[3]).toHaveAccessibleName('Digit 4 of 4');
  });

  it('reset() through the ref empties the boxes and focuses the first', async () => {
    const user = userEvent.setup();
    const ref = createRef<CodeInputHandle>();
    const onChange = vi.fn();
    renderWithI18n(<CodeInput ref={ref} onChange={onChange} />);
    await user.click(boxes()[0]!);
    await user.keyboard('123');
    await user.tab();
    act(() => ref.current!.reset());
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(boxes()[0]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('gives focus back when re-enabled after its owner checked a complete code, so Backspace can clear it', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithI18n(<CodeInput />);
    await user.click(boxes()[0]!);
    await user.keyboard('123456');
    rerender(<CodeInput disabled />);
    // Browsers drop focus from a disabled box; jsdom does not, so move it away as a browser would.
    const elsewhere = document.body.appendChild(document.createElement('button'));
    act(() => elsewhere.focus());
    expect(elsewhere).toHaveFocus();
    rerender(<CodeInput />);
    expect(boxes()[5]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(boxes()[0]).toHaveFocus();
    elsewhere.remove();
  });
});
