/**
 * Debian's Chromium and the flags every run of it here takes (the e2e tests, the bench's Lighthouse):
 * they keep it from calling out to a network this machine does not have. Headless mode is the caller's.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
