import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names.ts';
import { FieldError } from './field-error.tsx';

/** Number of boxes of a one-time code. */
export const OTP_LENGTH = 6;

const DIGIT = /^\d$/;

/** Imperative handle of {@link CodeInput} (through its `ref`). */
export interface CodeInputHandle {
  /** Empties every box and focuses the first (e.g. when the code dialog opens again). */
  reset: () => void;
  /** Focuses the first empty box (the last one when all are filled). */
  focus: () => void;
}

/** Props of {@link CodeInput}. */
export interface CodeInputProps {
  /** Number of boxes, default OTP_LENGTH; fixed for the component's lifetime (change `key` to change it). */
  length?: number;
  /** Called with the digits entered so far whenever they change. */
  onChange?: (code: string) => void;
  /** Called once each time the code becomes complete (last box filled). */
  onComplete?: (code: string) => void;
  /** Error shown under the boxes (may contain HTML, sanitised). */
  error?: string;
  disabled?: boolean;
  /**
   * The code's factor is locked (too many wrong tries): the boxes are disabled and focus moves to
   * the error, which must say so, so no one types on into a check that is refused.
   */
  locked?: boolean;
  /** Accessible name of the group; defaults to t('ui.codeInput.label') ("Verification code"). */
  label?: string;
  autoFocus?: boolean;
  className?: string;
}

const emptyDigits = (length: number) => Array.from({ length }, () => '');

/**
 * One box per digit. Typing a digit fills the box and moves to the next; other characters are
 * ignored; pasting (or one-time-code autofill) spreads the digits from the first box; Backspace
 * in any box clears all boxes and refocuses the first. Digits always fill the boxes from the
 * start, so the code has no gaps: focusing a box past the first empty one moves focus there.
 */
export const CodeInput = forwardRef<CodeInputHandle, CodeInputProps>(function CodeInput(
  { length = OTP_LENGTH, onChange, onComplete, error, disabled: disabledProp = false, locked = false, label, autoFocus = false, className },
  ref,
) {
  const { t } = useTranslation();
  const errorId = `${useId()}-error`;
  const disabled = disabledProp || locked;
  const errorLine = useRef<HTMLParagraphElement>(null);
  const [digits, setDigits] = useState(() => emptyDigits(length));
  // Handlers read the digits from this ref: moving focus to the next box runs its focus handler
  // inside the same event, before React has re-rendered with the new digits.
  const digitsRef = useRef(digits);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  // Callers disable the boxes while they check a complete code, which takes focus away; when they
  // enable them again (a wrong code), focus comes back so Backspace clears for the next try.
  const refocusOnEnable = useRef(false);

  const focusBox = (index: number) => boxes.current[Math.min(Math.max(index, 0), length - 1)]?.focus();

  const commit = (next: string[], focusIndex: number) => {
    const before = digitsRef.current.join('');
    digitsRef.current = next;
    setDigits(next);
    focusBox(focusIndex);
    const code = next.join('');
    if (code === before) return;
    onChange?.(code);
    refocusOnEnable.current = code.length === length;
    // Called from the event rather than an effect, so it fires once per edit that completes the code.
    if (code.length === length) onComplete?.(code);
  };

  const clearAll = () => commit(emptyDigits(length), 0);

  const fillFromFirst = (text: string) => {
    const code = text.replace(/\D/g, '').slice(0, length);
    if (code)
      commit(
        emptyDigits(length).map((_, i) => code[i] ?? ''),
        code.length,
      );
  };

  const focusFirstEmpty = () => {
    const firstEmpty = digitsRef.current.indexOf('');
    focusBox(firstEmpty === -1 ? length - 1 : firstEmpty);
  };

  useImperativeHandle(ref, () => ({ reset: clearAll, focus: focusFirstEmpty }));

  // Locked: the boxes take no focus, so it goes to the reason (screen readers read it out).
  useEffect(() => {
    if (locked) errorLine.current?.focus();
  }, [locked]);

  useEffect(() => {
    if (disabled || !refocusOnEnable.current) return;
    refocusOnEnable.current = false;
    focusFirstEmpty();
    // Runs when `disabled` changes; focusFirstEmpty reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [disabled]);

  const handleChange = (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const raw = input.value;
    if (raw === '') {
      // Phone keyboards often report Backspace only as an input event that empties the box.
      clearAll();
    } else if (raw.replace(/\D/g, '').length >= length) {
      // One-time-code autofill delivers the whole code into one box.
      fillFromFirst(raw);
    } else {
      // The typed character sits just before the caret, whether the box was empty or not.
      const typed = raw.charAt((input.selectionStart ?? raw.length) - 1);
      // Not a digit: the box gets its digit back. Preact (unlike React) leaves a controlled input as
      // typed when the state stays the same, so it is put back here.
      if (!DIGIT.test(typed)) {
        input.value = digitsRef.current[index] ?? '';
        return;
      }
      const next = [...digitsRef.current];
      next[index] = typed;
      commit(next, index + 1);
    }
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: length - 1 };
    if (event.key === 'Backspace') {
      event.preventDefault();
      clearAll();
    } else if (event.key in moves) {
      event.preventDefault();
      focusBox(moves[event.key] ?? index);
    }
  };

  const handleFocus = (index: number, event: FocusEvent<HTMLInputElement>) => {
    const firstEmpty = digitsRef.current.indexOf('');
    if (firstEmpty !== -1 && index > firstEmpty) {
      focusBox(firstEmpty);
    } else {
      // Selected, so typing replaces the digit instead of appending to it.
      event.currentTarget.select();
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillFromFirst(event.clipboardData.getData('text'));
  };

  return (
    <div className={className}>
      <div role="group" aria-label={label ?? t('ui.codeInput.label')} className="flex gap-2">
        {digits.map((digit, index) => (
          <input
            // Boxes are positional: the index is their identity.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            value={digit}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            // No maxLength: iOS autofill would truncate the code it puts into the first box.
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            aria-label={t('ui.codeInput.digit', { index: index + 1, total: length })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => handleChange(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onFocus={(event) => handleFocus(index, event)}
            onPaste={handlePaste}
            className={cx(
              'h-14 w-full min-w-0 flex-1 rounded-xl border bg-surface text-center text-2xl font-semibold text-fg',
              error ? 'border-danger' : 'border-line',
              disabled && 'opacity-60',
            )}
          />
        ))}
      </div>
      <FieldError id={errorId} message={error} {...(locked ? { ref: errorLine } : {})} />
    </div>
  );
});
