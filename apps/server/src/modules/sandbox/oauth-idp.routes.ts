import { emailSchema } from '@causeway/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_OAUTH_PATH, type SandboxIdp } from '../../providers/oauth/index.ts';
import { renderConsent, renderRequestError } from './oauth-idp.page.ts';

type Form = Record<string, string>;

const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').send(body);
/** The address the provider was reached at: its issuer when PUBLIC_URL is unset. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const stringFields = (value: unknown): Form =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

/**
 * docs/sandbox.md "Sign-in with an identity provider": the sandbox provider's endpoints, as its
 * discovery document names them. GET .../authorize shows the sign-in and consent page; its form posts
 * back to .../authorize and the person goes (303) to the client's redirect address with a code, or with
 * access_denied. POST .../token exchanges a code (form-urlencoded, RFC 6749 §4.1.3); .../jwks holds the
 * signing key. Bodies above 8 kB are refused.
 */
export function registerSandboxOauthRoutes(app: FastifyInstance, idp: SandboxIdp): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const config = { caller: 'sandbox' as const };
    const tags = ['sandbox'];

    scope.get(
      `${SANDBOX_OAUTH_PATH}/.well-known/openid-configuration`,
      { schema: { tags, summary: "The sandbox identity provider's discovery document (OpenID Connect Discovery)" }, config },
      async (request) => idp.discovery(idp.issuerFor(originOf(request))),
    );

    scope.get(
      `${SANDBOX_OAUTH_PATH}/jwks`,
      { schema: { tags, summary: "The sandbox identity provider's signing key (JWK Set)" }, config },
      async () => idp.jwks(),
    );

    scope.get<{ Querystring: Form }>(
      `${SANDBOX_OAUTH_PATH}/authorize`,
      { schema: { tags, summary: "The sandbox identity provider's sign-in and consent page (authorization endpoint)" }, config },
      async (request, reply) => {
        const check = idp.checkAuthorizeRequest(stringFields(request.query), originOf(request));
        if (check.kind === 'show') return html(reply, 400, renderRequestError(check.message));
        if (check.kind === 'redirect') return reply.redirect(check.location, 303);
        return html(reply, 200, renderConsent(check.request));
      },
    );

    scope.post<{ Body: Form | undefined }>(
      `${SANDBOX_OAUTH_PATH}/authorize`,
      { schema: { tags, summary: 'Allow or Cancel on the sandbox sign-in page (form post, answers 303 to the client)' }, config },
      async (request, reply) => {
        const form = stringFields(request.body);
        const origin = originOf(request);
        const check = idp.checkAuthorizeRequest(form, origin);
        if (check.kind === 'show') return html(reply, 400, renderRequestError(check.message));
        if (check.kind === 'redirect') return reply.redirect(check.location, 303);
        if (form.decision === 'cancel') return reply.redirect(idp.deny(check.request, origin), 303);
        const emailVerified = form.email_verified === 'true';
        const name = form.name?.trim().slice(0, 80) || undefined;
        const email = emailSchema.safeParse(form.email ?? '');
        if (form.decision !== 'allow' || !email.success)
          return html(
            reply,
            400,
            renderConsent(check.request, { email: form.email, name, emailVerified, error: 'Type an email address, then choose Allow.' }),
          );
        return reply.redirect(idp.approve(check.request, { email: email.data, emailVerified, name }, origin), 303);
      },
    );

    scope.post<{ Body: Form | undefined }>(
      `${SANDBOX_OAUTH_PATH}/token`,
      { schema: { tags, summary: "The sandbox identity provider's token endpoint (authorization_code with PKCE)" }, config },
      async (request, reply) => {
        const answer = await idp.token(stringFields(request.body), request.headers.authorization, idp.issuerFor(originOf(request)));
        return reply.status(answer.status).headers(answer.headers).send(answer.body);
      },
    );
  });
}
