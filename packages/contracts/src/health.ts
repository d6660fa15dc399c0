import { z } from 'zod';

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
});
export type Health = z.infer<typeof healthSchema>;
