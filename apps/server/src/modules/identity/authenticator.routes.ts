import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { emailLanguageOf } from '../../platform/request-language.ts';
import type { IdentityModule } from './identity.module.ts';
import { registerCall } from '../../platform/calls.ts';
import { authContextOf } from './auth-guard.ts';

/** Authenticator (TOTP) binding and OTP verification calls of docs/rules/calls.md. Every one needs a session. */
export function registerAuthenticatorRoutes(app: FastifyInstance, identity: IdentityModule): void {
  const { twoFactor } = identity;

  registerCall(app, CALLS.authenticatorBindingStatus, async (request) =>
    ok(await twoFactor.bindingStatus(authContextOf(request).user, request.query.scenario)),
  );

  registerCall(app, CALLS.getGoogleAuthenticator, async (request) => ok(await twoFactor.startSetup(authContextOf(request).user, null)));

  registerCall(app, CALLS.authenticatorQrCode, async (request) =>
    ok(await twoFactor.startSetup(authContextOf(request).user, request.body.qrCodeWidth)),
  );

  registerCall(app, CALLS.downloadAppQrCode, async (request) =>
    ok(await twoFactor.downloadAppQrCodes(request.body.clientType, request.body.qrCodeWidth)),
  );

  registerCall(app, CALLS.verificationSendCode, async (request) =>
    ok(await twoFactor.sendVerificationCode(authContextOf(request).user, request.body, request.ipKey, emailLanguageOf(request))),
  );

  registerCall(app, CALLS.bindGoogleAuthenticator, async (request) =>
    ok(await twoFactor.bind(authContextOf(request), request.body, identity.requesterOf(request))),
  );

  registerCall(app, CALLS.verifyOtp, async (request) =>
    ok(await twoFactor.verifyOtp(authContextOf(request).user, request.query, identity.requesterOf(request))),
  );

  registerCall(app, CALLS.preCheckChangeGoogleAuthenticator, async (request) =>
    ok(await twoFactor.startChange(authContextOf(request).user)),
  );

  registerCall(app, CALLS.changeGoogleAuthenticator, async (request) =>
    ok(await twoFactor.change(authContextOf(request), request.body, identity.requesterOf(request))),
  );
}
