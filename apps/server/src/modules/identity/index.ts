export { type EmailCodeService } from './email-code.service.ts';
export { isPrivateRelay } from './email-hints.ts';
export { type EmailLanguage } from './email-templates.ts';
export { type IdentityModule } from './identity.module.ts';
export { type IdentityRepository } from './identity.repository.ts';
export { type Principal } from './principal.ts';
export { type LoginService } from './login.service.ts';
export { requesterOf, type Requester } from './requester.ts';
export { BUSINESS_MODES, suspendedUntil, type AuthContext, type SessionService } from './session.service.ts';
