import { CALL_ROUTES, type DocsVerificationSubmit } from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';

export interface KycBasicInfo {
  firstName: string | null;
  lastName: string | null;
  dob: string | null;
  nationality: string | null;
  residentCountry: string | null;
  address: KycAddress | null;
}

export interface KycAddress {
  addressLine: string;
  city: string;
  postalCode: string;
  country: string;
}

/** The verification pages' calls. */
export function createVerificationApi(client: HttpClient) {
  return {
    accessToken: () => client.call(CALL_ROUTES.kycAccessToken),
    /** Reads the vendor's review now (after its step) and answers the new account info. */
    refreshStatus: () => client.call(CALL_ROUTES.updateKycStatus),
    updateAddress: (address: KycAddress) => client.call(CALL_ROUTES.kycUpdateAddress, address, { silent: true }),
    basicInfo: () => client.call(CALL_ROUTES.kycBasicInfo),
    closeRemediation: () => client.call(CALL_ROUTES.closeRemediation),
    /** docsverification (flow V2): the typed details and the uploaded files; answers the new account info (Pending). */
    submitDocuments: (body: DocsVerificationSubmit) => client.call(CALL_ROUTES.docsVerificationSubmit, body),
  };
}
