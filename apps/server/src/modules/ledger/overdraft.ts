/** The database refused a posting because an account would go below zero (no crypto left to sell, a balance already spent). */
export function isOverdraftError(error: unknown): boolean {
  // The driver's error, or the ORM's wrapping of it (its cause), names the CHECK that refused.
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { constraint, message } = current as { constraint?: string; message?: string };
    if (constraint === 'ledger_accounts_no_overdraft' || String(message ?? '').includes('ledger_accounts_no_overdraft')) return true;
  }
  return false;
}
