import { useId, useReducer, useState, type ChangeEvent } from 'react';
import { cx } from './class-names.ts';

/** Checks a value; returns the error messages (one string, a list, or undefined when valid). */
export type Validator = (value: string) => string[] | string | undefined;

/** Value and validation props shared by the text fields. */
export interface ValidatedFieldProps {
  /** Controlled value; leave undefined for an uncontrolled field. */
  value?: string;
  /** Initial value of an uncontrolled field. */
  defaultValue?: string;
  /** Called with the new value on every user edit (typing, clearing). */
  onValueChange?: (value: string) => void;
  /** Computes errors from the value. */
  validate?: Validator;
  /** Errors supplied by the parent (e.g. from the server); shown after validate's. */
  errors?: string[];
}

/** Input of {@link useValidation}: the field props plus the input's own id and aria-describedby. */
export interface UseValidationOptions extends ValidatedFieldProps {
  id?: string;
  describedBy?: string;
}

/**
 * Value, validation and ARIA wiring shared by TextInput and FloatingLabelInput.
 *
 * Errors (from `validate` and `errors`) stay hidden until the user has edited the field, so a
 * pristine form never opens covered in red; blur alone does not count. Only the first message is
 * returned: one actionable message at a time fits a phone screen.
 */
export function useValidation({ id, describedBy, value, defaultValue = '', onValueChange, validate, errors }: UseValidationOptions) {
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const errorId = `${baseId}-error`;
  const [ownValue, setOwnValue] = useState(defaultValue);
  const [hasTyped, setHasTyped] = useState(false);
  // Renders the field again after every edit: Preact, unlike React, leaves a controlled input as typed
  // when the owner keeps its value (e.g. an amount field that drops a letter), until the next render.
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  const current = value ?? ownValue;

  const setValue = (next: string) => {
    setHasTyped(true);
    // Harmless when controlled (the value prop wins), and saves a controlled/uncontrolled branch.
    setOwnValue(next);
    renderAgain();
    onValueChange?.(next);
  };

  const error = hasTyped ? firstMessage(validate?.(current), errors) : undefined;

  return {
    value: current,
    setValue,
    error,
    errorId,
    /** Spread onto the <input>. */
    inputProps: {
      id: inputId,
      value: current,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': cx(describedBy, error && errorId) || undefined,
    },
  };
}

function firstMessage(validated: string[] | string | undefined, given: string[] | undefined): string | undefined {
  const messages = [validated ?? [], given ?? []].flat();
  return messages.find((message) => message.trim() !== '');
}
