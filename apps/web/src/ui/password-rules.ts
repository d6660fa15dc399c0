/** The password rule of docs/rules/validation.md (from the contracts, so the server checks the very same rule). */
export { checkPasswordRules, PASSWORD_SPECIALS, type PasswordRule } from '@causeway/contracts';
