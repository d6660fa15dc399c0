import { z } from 'zod';

export const KYC_STATUSES = ['Initial', 'Pending', 'Resubmitting', 'Pass', 'Fail'] as const;
export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** kyc-main/client/sumsub/get-access-token: the vendor's hosted step for the signed-in person. */
export const kycAccessTokenResultSchema = z.object({
  provider: z.enum(['sandbox', 'sumsub']),
  token: z.string().describe("the vendor's access token (Sumsub WebSDK accessToken)"),
  url: z.string().nullable().describe("the sandbox vendor's page for this token; null with Sumsub (the WebSDK takes the token)"),
  applicantId: z.string(),
  expiresInSeconds: z.number().int(),
});
export type KycAccessTokenResult = z.infer<typeof kycAccessTokenResultSchema>;
