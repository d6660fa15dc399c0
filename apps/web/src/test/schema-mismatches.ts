/**
 * Mocked answers the server would never send, recorded by the routed test client. Its own small
 * module so src/test/setup.ts can check it after every test without loading the contracts.
 */
const mismatches: string[] = [];

/** Records one mismatch (the routed client also throws it, which the code under test may swallow). */
export const recordSchemaMismatch = (message: string): void => void mismatches.push(message);

/** The mismatches recorded since the last call, which it forgets. */
export const takeSchemaMismatches = (): string[] => mismatches.splice(0);
