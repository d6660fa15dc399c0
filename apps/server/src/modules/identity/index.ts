export { type EmailCodeService } from './email-code.service.ts';
export { isPrivateRelay } from './email-hints.ts';
export { type EmailLanguage } from './email-templates.ts';
export { type IdentityFace } from './identity.module.ts';
export { type Agreement, type People } from './people.ts';
export { type Principal } from './principal.ts';
export { type EmailCodeInput } from './login.service.ts';
export { requesterOf, type Requester } from './requester.ts';
export { BUSINESS_MODES, suspendedUntil, type SessionFacts, type SignedIn } from './session.service.ts';
export { identityModule } from './register.ts';
export type { AccessRules } from './access-rules.ts';
export { checkSecondFactor } from './second-factor.ts';
// The operator's desk hashes and checks its operators' passwords as people's are (argon2id).
export { hashPassword, verifyPassword } from './password-hasher.ts';
