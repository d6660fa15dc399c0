export { type EmailCodeService } from './email-code.service.ts';
export { isPrivateRelay } from './email-hints.ts';
export { type EmailLanguage } from './email-templates.ts';
export { type IdentityFace } from './identity.module.ts';
export { type Agreement, type People } from './people.ts';
export { type Principal } from './principal.ts';
export { type EmailCodeInput } from './login.service.ts';
export { requesterOf, type Requester } from './requester.ts';
export { BUSINESS_MODES, suspendedUntil, type SessionFacts, type SignedIn } from './session.service.ts';
