/**
 * Who is calling, as other modules see a person: plain data, no credentials (no password hash),
 * and no ORM row type. The identity module's own user row is a superset of it.
 */
export interface Principal {
  id: string;
  email: string;
  /** Individual or Corporate. */
  userType: string;
  /** Initial, Active, Blocked or Terminated. */
  accountStatus: string;
  accountStatusReasonCode: string | null;
  /** The entity the person belongs to (LI or PL), and the one a switch is taking them to. */
  entityTag: string;
  targetEntityTag: string | null;
  /** Sell, add card and add bank account wait until then, after a change to sign-in security. */
  sensitiveActionsSuspendedUntil: Date | null;
  createdAt: Date;
}
