import { z } from 'zod';

/**
 * GET botCheckConfig: which bot check the server runs, so the browser loads Google's script only
 * when reCAPTCHA verifies the token. The site key is public (it is in the script URL); null in the sandbox.
 */
export const botCheckConfigSchema = z.object({
  provider: z.enum(['sandbox', 'recaptcha']),
  siteKey: z.string().nullable(),
});
export type BotCheckConfig = z.infer<typeof botCheckConfigSchema>;
