/**
 * The password rule of docs/rules/validation.md, shared by the server's schema and the web app's live checklist.
 * No zod here, so the web app can use it without bundling a schema library.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 32;
/** The accepted special characters (shown to people as the rule). */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+-=[]{};\':",.<>/?\\|`~';
export const PASSWORD_SPECIAL_CLASS = /[!@#$%^&*()_+\-=[\]{};':",.<>/?\\|`~]/;
export const PASSWORD_ALLOWED_CHARACTERS = /^[A-Za-z0-9!@#$%^&*()_+\-=[\]{};':",.<>/?\\|`~]*$/;

/** Each part of the rule, true when met. */
export function checkPasswordRules(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /\d/.test(password),
    special: PASSWORD_SPECIAL_CLASS.test(password),
    accepted: password.length > 0 && PASSWORD_ALLOWED_CHARACTERS.test(password),
  };
}

export type PasswordRule = keyof ReturnType<typeof checkPasswordRules>;
