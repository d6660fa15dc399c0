import { CALL_ROUTES, type ProtocolMap } from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';

/** The query key of terms-and-statements (v1): invalidated once v2 recorded an acceptance. */
export const AGREEMENTS_DUE_KEY = ['agreements', 'due'] as const;

/** terms-and-statements v1 and v2 (docs/rules/agreements.md). */
export function createAgreementsApi(client: HttpClient) {
  return {
    /** What the signed-in person must have accepted, and whether they did. Silent: a failure only means no dialog now. */
    due: (isRoma: boolean) => client.call(CALL_ROUTES.termsAndStatements, { isRoma }, { silent: true }),
    /** Accepts the agreements of the map at their current versions. Silent: the dialog says what went wrong itself. */
    accept: (protocolMap: ProtocolMap) => client.call(CALL_ROUTES.termsAndStatementsV2, { protocolMap }, { silent: true }),
  };
}
