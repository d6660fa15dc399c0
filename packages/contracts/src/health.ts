import { z } from 'zod';
import { SANDBOX_TOOL_KEYS } from './sandbox-tools.ts';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

/** GET /prod-api/health */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({
    kind: z.enum(DATABASE_KINDS),
    version: z.string().describe('the server_version the database reports'),
    reachable: z.boolean(),
  }),
  uptimeSeconds: z.number(),
  sandboxTools: z
    .array(z.enum(SANDBOX_TOOL_KEYS))
    .describe('the sandbox tools this install offers (SANDBOX_TOOL_PAGES): empty unless it has sandbox tools (never in production)'),
});
export type Health = z.infer<typeof healthSchema>;
