import { type AccountOverview, type DocsVerificationSubmit, type KycAccessTokenResult, PATHS } from '@causeway/contracts';
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
    accessToken: () => client.get<KycAccessTokenResult>(PATHS.kycAccessToken),
    /** Reads the vendor's review now (after its step) and answers the new account info. */
    refreshStatus: () => client.post<AccountOverview>(PATHS.updateKycStatus),
    updateAddress: (address: KycAddress) => client.post<{ required: boolean; address: KycAddress | null }>(PATHS.kycUpdateAddress, address, { silent: true }),
    basicInfo: () => client.get<KycBasicInfo>(PATHS.kycBasicInfo),
    closeRemediation: () => client.post<null>(PATHS.closeRemediation),
    /** docsverification (flow V2): the typed details and the uploaded files; answers the new account info (Pending). */
    submitDocuments: (body: DocsVerificationSubmit) => client.post<AccountOverview>(PATHS.docsVerificationSubmit, body),
  };
}
