import { MAX_DOCUMENT_BYTES, UPLOAD_MESSAGES } from '@causeway/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { listCountrySeeds } from '../../db/seed/countries.ts';
import type { SandboxKyc } from '../../providers/kyc/sandbox/sandbox-kyc.ts';
import { SANDBOX_KYC_PAGE, SHARE_TOKEN_TTL_SECONDS } from '../../providers/kyc/sandbox/sandbox-kyc.ts';
import { checkDocument } from '../uploads/index.ts';
import { renderMessagePage, renderVerificationForm, type VerificationFormValues } from './kyc-verification.page.ts';
import { isFileTooLarge } from '../../platform/multipart.ts';

const formSchemaFor = (countryCodes: ReadonlySet<string>) =>
  z.object({
    token: z.string().min(1).max(2048),
    returnUrl: z.string().max(2048).default(''),
    firstName: z.string().trim().min(1, 'Enter the first name').max(70, 'The first name is at most 70 characters'),
    lastName: z.string().trim().min(1, 'Enter the last name').max(70, 'The last name is at most 70 characters'),
    dob: z.iso
      .date('Enter the date of birth')
      .refine((dob) => dob < new Date().toISOString().slice(0, 10), 'The date of birth must be in the past'),
    nationality: z.string().refine((code) => countryCodes.has(code), 'Choose the nationality'),
    residenceCountry: z.string().refine((code) => countryCodes.has(code), 'Choose the country of residence'),
  });

export const SANDBOX_SHARE_TOKEN_PATH = '/sandbox/kyc/share-token';

const shareTokenSchemaFor = (countryCodes: ReadonlySet<string>) =>
  z.object({
    firstName: z.string().trim().min(1).max(70),
    lastName: z.string().trim().min(1).max(70),
    dob: z.iso.date(),
    nationality: z.string().refine((code) => countryCodes.has(code), 'an ISO alpha-2 country code'),
    residenceCountry: z.string().refine((code) => countryCodes.has(code), 'an ISO alpha-2 country code'),
    ttlInSecs: z.number().int().min(60).max(SHARE_TOKEN_TTL_SECONDS).default(SHARE_TOKEN_TTL_SECONDS),
  });

/** Only a path on our own site: the page never sends people to an address a link put in. */
const safeReturnUrl = (value: string | undefined) => (value && /^\/(?!\/)[\w\-./?=&%]*$/.test(value) ? value : '');

const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').send(body);

/**
 * docs/sandbox.md, "Identity verification": the sandbox vendor's own page, opened with its access token.
 * The document follows the same rules as every upload (uploads.service checkDocument: 10 KB to
 * 5120 KB, type by magic bytes and extension, the spec's texts).
 */
export function registerKycVerificationRoutes(app: FastifyInstance, vendor: SandboxKyc, options: { shareTokens: boolean }): void {
  const countries = listCountrySeeds().sort((a, b) => a.englishName.localeCompare(b.englishName));
  const countryCodes = new Set(countries.map((c) => c.code));
  const formSchema = formSchemaFor(countryCodes);

  // Multipart is parsed only here: no other route accepts it.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 12, fieldSize: 4096 } });

    scope.get(
      SANDBOX_KYC_PAGE,
      {
        schema: {
          tags: ['sandbox'],
          summary: 'The sandbox KYC vendor verification page',
          querystring: z.object({ token: z.string().max(2048).default(''), returnUrl: z.string().max(2048).optional() }),
        },
        config: { caller: 'sandbox' },
      },
      async (request, reply) => {
        const { token, returnUrl } = request.query as { token: string; returnUrl?: string };
        const applicant = token ? await vendor.applicantForToken(token) : undefined;
        if (!applicant)
          return html(
            reply,
            403,
            renderMessagePage(
              'Link expired',
              'This verification link is invalid or expired. Start the verification again from Causeway.',
              safeReturnUrl(returnUrl),
            ),
          );
        const values: VerificationFormValues = {
          firstName: '',
          lastName: '',
          dob: '',
          nationality: '',
          residenceCountry: '',
          ...pickInfo(applicant.info),
        };
        return html(reply, 200, renderVerificationForm({ token, returnUrl: safeReturnUrl(returnUrl), values, errors: [], countries }));
      },
    );

    // The donor side of Reusable KYC (Sumsub's POST /resources/accessTokens/shareToken): what a
    // merchant that verified its customer puts in its entry link as kycShareToken. Sandbox mode
    // only: it answers anyone, with a made-up identity, so production never registers it.
    if (options.shareTokens) {
      scope.post(
        SANDBOX_SHARE_TOKEN_PATH,
        {
          schema: {
            tags: ['sandbox'],
            summary: 'Issue a single-use Reusable KYC share token for a person a merchant verified (sandbox vendor)',
            body: shareTokenSchemaFor(countryCodes),
          },
          config: { caller: 'sandbox' },
        },
        async (request) => {
          const { ttlInSecs, ...info } = request.body as z.infer<ReturnType<typeof shareTokenSchemaFor>>;
          return { token: vendor.issueShareToken(info, ttlInSecs), forClientId: 'causeway' };
        },
      );
    }

    scope.post(
      SANDBOX_KYC_PAGE,
      { schema: { tags: ['sandbox'], summary: 'Submit the sandbox verification form (multipart)' }, config: { caller: 'sandbox' } },
      async (request, reply) => {
        const fields: Record<string, string> = {};
        let document: { name: string; bytes: Buffer } | undefined;
        const errors: string[] = [];
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') document = { name: part.filename, bytes: await part.toBuffer() };
            else fields[part.fieldname] = String(part.value);
          }
        } catch (error) {
          // An oversized file is cut off while it streams in: the same text as any refused size.
          errors.push(isFileTooLarge(error) ? UPLOAD_MESSAGES.size : 'The form could not be read: send it again');
        }
        const parsed = formSchema.safeParse(fields);
        const returnUrl = safeReturnUrl(fields.returnUrl);
        const values: VerificationFormValues = {
          firstName: '',
          lastName: '',
          dob: '',
          nationality: '',
          residenceCountry: '',
          ...pickInfo(fields),
        };
        if (!parsed.success) errors.push(...parsed.error.issues.filter((issue) => issue.path[0] !== 'token').map((issue) => issue.message));
        if (!errors.length) {
          if (!document || document.bytes.length === 0) errors.push('Add a photo or scan of the identity document');
          else {
            const check = checkDocument(document.name, document.bytes.length, document.bytes);
            if (!check.ok) errors.push(check.message);
          }
        }
        const applicant = fields.token ? await vendor.applicantForToken(fields.token) : undefined;
        if (!applicant)
          return html(
            reply,
            403,
            renderMessagePage(
              'Link expired',
              'This verification link is invalid or expired. Start the verification again from Causeway.',
              returnUrl,
            ),
          );
        if (errors.length || !parsed.success || !document)
          return html(reply, 400, renderVerificationForm({ token: fields.token ?? '', returnUrl, values, errors, countries }));

        const { firstName, lastName, dob, nationality, residenceCountry } = parsed.data;
        await vendor.submit(applicant, { firstName, lastName, dob, nationality, residenceCountry }, document.bytes);
        if (returnUrl) return reply.redirect(returnUrl, 303);
        return html(
          reply,
          200,
          renderMessagePage('Submitted', 'Thank you. Your verification is under review; Causeway will show the result.', ''),
        );
      },
    );
  });
}

function pickInfo(source: Record<string, string | undefined>): Partial<VerificationFormValues> {
  const keys: Array<keyof VerificationFormValues> = ['firstName', 'lastName', 'dob', 'nationality', 'residenceCountry'];
  return Object.fromEntries(keys.filter((key) => typeof source[key] === 'string').map((key) => [key, source[key]]));
}
