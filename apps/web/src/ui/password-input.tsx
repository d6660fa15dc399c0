import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FloatingLabelInput, type FloatingLabelInputProps } from './floating-label-input.tsx';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

/** Props of {@link PasswordInput}: those of FloatingLabelInput but the type, which the toggle owns. */
export type PasswordInputProps = Omit<FloatingLabelInputProps, 'type' | 'trailing'>;

/**
 * A password field with a "Show password" toggle button inside the box. The button keeps one
 * name and says its state with aria-pressed (a name that changed with the state would be read
 * as "Hide password, pressed"); the eye icon changes for sighted people. It is a plain button
 * (type="button"), reached by Tab after the field, and never submits the form.
 */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <FloatingLabelInput
      {...props}
      type={shown ? 'text' : 'password'}
      // While shown, the field is a text field: keep the password out of spell-check services and
      // auto-correction (browsers never do either for type="password"). A string: Preact drops an
      // attribute whose value is false instead of writing spellcheck="false".
      spellCheck="false"
      autoCapitalize="off"
      autoCorrect="off"
      trailing={
        <button
          type="button"
          aria-pressed={shown}
          disabled={props.disabled}
          onClick={() => setShown(!shown)}
          className="flex size-10 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg aria-pressed:text-fg"
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
          {/* Named by its text, not aria-label: "find the field labelled Password" (Playwright's
              getByLabel, some assistive tools) then finds the field alone, not this button too. */}
          <span className="sr-only">{t('ui.password.show')}</span>
        </button>
      }
    />
  );
}
