/** Frequent misspellings of the big mail domains → the domain meant. */
const DOMAIN_TYPOS: Record<string, string> = {
  'gmial.com': 'gmail.com',
  'gmai.com': 'gmail.com',
  'gamil.com': 'gmail.com',
  'gnail.com': 'gmail.com',
  'gmail.co': 'gmail.com',
  'gmail.con': 'gmail.com',
  'gmaill.com': 'gmail.com',
  'hotmial.com': 'hotmail.com',
  'hotmai.com': 'hotmail.com',
  'hotmail.co': 'hotmail.com',
  'hotmail.con': 'hotmail.com',
  'yaho.com': 'yahoo.com',
  'yahoo.co': 'yahoo.com',
  'yahoo.con': 'yahoo.com',
  'outlok.com': 'outlook.com',
  'outlook.co': 'outlook.com',
  'outlook.con': 'outlook.com',
  'iclod.com': 'icloud.com',
  'icloud.co': 'icloud.com',
  'qq.co': 'qq.com',
  '163.co': '163.com',
};

/** Private-relay domains: mail to them may never arrive (docs/rules/errors.md: "private relay email cannot receive emails"). */
const PRIVATE_RELAY_DOMAINS = ['privaterelay.appleid.com'];

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The address with its domain typo fixed, or null when the domain looks right. */
export function suggestEmail(email: string): string | null {
  const fixed = DOMAIN_TYPOS[domainOf(email)];
  return fixed ? `${email.slice(0, email.lastIndexOf('@'))}@${fixed}` : null;
}

export const isPrivateRelay = (email: string): boolean =>
  PRIVATE_RELAY_DOMAINS.some((domain) => domainOf(email) === domain || domainOf(email).endsWith(`.${domain}`));
