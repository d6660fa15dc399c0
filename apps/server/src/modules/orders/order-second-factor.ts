import { ErrorCode } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { IdentityFace, Principal, Requester } from '../identity/index.ts';

/**
 * "Two-factor within order" (docs/trust.md): with an authenticator bound, a buy or a sell needs its
 * code, counted on the person's authenticator factor like every other check of it (5 failures lock
 * it for an hour, whichever call they came through), and on the requester's address in the per-IP
 * limit every authenticator check shares (verify-otp, verify-ga-code, the authenticator change).
 * `required`: the order's scenario needs an authenticator (a sell: docs/rules/order-states.md, the
 * binding status answers bind-otp), so without one bound it is refused until one is.
 */
export async function checkOrderSecondFactor(
  identity: Pick<IdentityFace, 'authenticatorStatus' | 'verifyAuthenticatorCode'>,
  user: Principal,
  body: { otpType?: string | undefined; otpCode?: string | undefined },
  requester: Requester,
  required = false,
): Promise<void> {
  if ((await identity.authenticatorStatus(user.id)) !== 'BINDED') {
    if (required) throw new AppError(ErrorCode.AuthenticatorCodeRequiredForOrder, 'Set up an authenticator app before selling.');
    return;
  }
  if (body.otpType !== 'GA_OTP' || !body.otpCode) throw new AppError(ErrorCode.AuthenticatorCodeRequiredForOrder);
  if (!(await identity.verifyAuthenticatorCode(user, body.otpCode, requester))) throw new AppError(ErrorCode.AuthenticatorCodeWrong);
}
