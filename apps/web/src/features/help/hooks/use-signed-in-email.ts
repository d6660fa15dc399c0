import { useLoginStatus } from '@/lib/target-entity';

/**
 * The signed-in person's address, or undefined when no one is signed in (or it is not known yet).
 * A ticket is filed under the account's own address (the server decides: issue 13 F7), so the
 * forms show this one, read-only, instead of a field anyone could type another address into.
 */
export function useSignedInEmail(): string | undefined {
  const status = useLoginStatus();
  return status.data?.isLogin ? (status.data.email ?? undefined) : undefined;
}
