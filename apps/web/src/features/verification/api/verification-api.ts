import { CALLS, type DocsVerificationSubmit } from '@causeway/contracts';
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
    accessToken: () => client.call(CALLS.kycAccessToken),
    /** Reads the vendor's review now (after its step) and answers the new account info. */
    refreshStatus: () => client.call(CALLS.updateKycStatus),
    updateAddress: (address: KycAddress) => client.call(CALLS.kycUpdateAddress, address, { silent: true }),
    basicInfo: () => client.call(CALLS.kycBasicInfo),
    closeRemediation: () => client.call(CALLS.closeRemediation),
    /** docsverification (flow V2): the typed details and the uploaded files; answers the new account info (Pending). */
    submitDocuments: (body: DocsVerificationSubmit) => client.call(CALLS.docsVerificationSubmit, body),
  };
}
