import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userOauthIdentities } from '../../db/schema/index.ts';

export type OauthIdentityRow = typeof userOauthIdentities.$inferSelect;

/** The links between accounts and people at the identity provider (one per issuer and subject). */
export function createOauthIdentitiesRepository(db: Database) {
  async function find(issuer: string, subject: string): Promise<OauthIdentityRow | undefined> {
    const [row] = await db
      .select()
      .from(userOauthIdentities)
      .where(and(eq(userOauthIdentities.issuer, issuer), eq(userOauthIdentities.subject, subject)));
    return row;
  }

  return {
    find,

    /**
     * Links a person at the provider to an account; the link made first stands (two sign-ins at once
     * cannot link one person to two accounts). Answers the account the person is linked to.
     */
    async link(values: { issuer: string; subject: string; userId: string; email: string | null; createdAt: Date }): Promise<string> {
      const [inserted] = await db
        .insert(userOauthIdentities)
        .values(values)
        .onConflictDoNothing()
        .returning({ userId: userOauthIdentities.userId });
      if (inserted) return inserted.userId;
      const existing = await find(values.issuer, values.subject);
      if (!existing) throw new Error('oauth identity vanished during link');
      return existing.userId;
    },
  };
}

export type OauthIdentitiesRepository = ReturnType<typeof createOauthIdentitiesRepository>;
