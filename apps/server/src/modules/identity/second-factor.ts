import { ErrorCode } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { IdentityFace } from './identity.module.ts';
import type { Principal } from './principal.ts';
import type { Requester } from './requester.ts';

/**
 * "Two-factor within order" (docs/trust.md): with an authenticator bound, a buy, a sell or a
 * withdrawal needs its code, counted on the person's authenticator factor like every other check of it (5 failures lock
 * it for an hour, whichever call they came through), and on the requester's address in the per-IP
 * limit every authenticator check shares (verify-otp, verify-ga-code, the authenticator change).
 * `requiredFor`: the scenario needs an authenticator (a sell: docs/rules/order-states.md, the binding
 * status answers bind-otp; a withdrawal), so without one bound it is refused until one is: the words
 * finish "Set up an authenticator app before …".
 */
export async function checkSecondFactor(
  identity: Pick<IdentityFace, 'authenticatorStatus' | 'verifyAuthenticatorCode'>,
  user: Principal,
  body: { otpType?: string | undefined; otpCode?: string | undefined },
  requester: Requester,
  requiredFor?: 'selling' | 'withdrawing',
): Promise<void> {
  if ((await identity.authenticatorStatus(user.id)) !== 'BINDED') {
    if (requiredFor) throw new AppError(ErrorCode.AuthenticatorCodeRequiredForOrder, `Set up an authenticator app before ${requiredFor}.`);
    return;
  }
  if (body.otpType !== 'GA_OTP' || !body.otpCode) throw new AppError(ErrorCode.AuthenticatorCodeRequiredForOrder);
  if (!(await identity.verifyAuthenticatorCode(user, body.otpCode, requester))) throw new AppError(ErrorCode.AuthenticatorCodeWrong);
}
