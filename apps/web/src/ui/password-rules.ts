import { PASSWORD_SPECIALS } from '@causeway/contracts';

const ALLOWED = /^[A-Za-z0-9!@#$%^&*()_+\-=[\]{};':",.<>/?\\|`~]*$/;
const SPECIAL = /[!@#$%^&*()_+\-=[\]{};':",.<>/?\\|`~]/;

/** The rule of spec §5 as a checklist, each part true when met; the server checks the same rule. */
export function checkPasswordRules(password: string) {
  return {
    length: password.length >= 12 && password.length <= 32,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /\d/.test(password),
    special: SPECIAL.test(password),
    accepted: ALLOWED.test(password),
  };
}

export type PasswordRule = keyof ReturnType<typeof checkPasswordRules>;
export { PASSWORD_SPECIALS };
