import {
  ErrorCode,
  type KybCompanyHeader,
  type KybCompanySection,
  type KybDocTypeList,
  KYB_MAX_FILES_PER_DOCUMENT,
  OWNERSHIP_TYPES,
  type OwnershipType,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { KybProvider } from '../../providers/kyb/kyb-provider.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { checkStoredDocument, keyBelongsTo, type SubmittedDocuments } from '../uploads/index.ts';
import type { Verification } from '../kyc/index.ts';
import { kybInfoOf } from './kyb-form.service.ts';
import { KYB_DOCUMENTS } from './kyb-rules.ts';
import type { KybRepository } from './kyb.repository.ts';

/** How long the header's logo URL works (it is asked for again with each portal page). */
const LOGO_URL_TTL_SECONDS = 600;

/**
 * The company as the rest of the product sees it: its name and logo for the portal header, its
 * verification for orders and payouts, the form's reference lists.
 */
export function createKybCompany(deps: {
  repository: KybRepository;
  provider: KybProvider;
  storage: StorageProvider;
  uploads: SubmittedDocuments;
  clock: Clock;
  levelName: string;
}) {
  const { repository, clock } = deps;

  async function header(userId: string): Promise<KybCompanyHeader> {
    const application = await repository.applicationOf(userId, clock.now());
    const logoUrl = application.logoPath
      ? await deps.storage.presignGet({ key: application.logoPath, downloadName: 'logo', expiresInSeconds: LOGO_URL_TTL_SECONDS })
      : null;
    return {
      companyName: application.generalData.companyName ?? null,
      logoUrl,
      kybInfo: kybInfoOf(await repository.statusOf(userId)),
    };
  }

  /** Verified for trading: basic passed, and standard (EDD) too when it applies. */
  async function isVerified(userId: string): Promise<boolean> {
    const status = await repository.statusOf(userId);
    if (!status || status.kybBasicStatus !== 'Pass' || status.verificationStatus !== 'Pass') return false;
    return status.kybStandardStatus === null || (status.kybStandardStatus === 'Pass' && status.eddStatus === 'Pass');
  }

  return {
    header,

    async setLogo(userId: string, filePath: string | null): Promise<KybCompanyHeader> {
      if (filePath !== null) {
        if (!keyBelongsTo(filePath, userId, 'kyb')) throw new AppError(ErrorCode.DocumentFileUnknown);
        const stored = await checkStoredDocument(deps.storage, filePath);
        if (!stored.ok) throw new AppError(stored.errorName, stored.message);
        if (stored.type === 'pdf') throw new AppError(ErrorCode.UploadFormatUnsupported, 'A logo is a jpg or png image');
        await deps.uploads.markSubmitted(userId, [{ filePath, purpose: 'kyb' }], clock.now());
      }
      await repository.applicationOf(userId, clock.now());
      await repository.updateApplication(userId, { logoPath: filePath, updatedAt: clock.now() });
      return header(userId);
    },

    async hostedFormUrl(userId: string): Promise<string | null> {
      try {
        return await deps.provider.hostedFormUrl({ externalId: userId, levelName: deps.levelName });
      } catch {
        throw new AppError(ErrorCode.GatewayUnavailable, 'The business verification service is unavailable: try again in a few minutes');
      }
    },

    documentTypes(section?: KybCompanySection): KybDocTypeList['documentTypes'] {
      return KYB_DOCUMENTS.filter((document) => !section || document.section === section).map((document) => ({
        ...document,
        maxFiles: KYB_MAX_FILES_PER_DOCUMENT,
      }));
    },

    /** A company holds its share directly or through another; only a person can control by other means. */
    ownershipTypes(type: 'INDIVIDUAL' | 'COMPANY'): OwnershipType[] {
      return OWNERSHIP_TYPES.filter((ownership) => type === 'INDIVIDUAL' || ownership !== 'CONTROL');
    },

    /** A business's verification as orders read a person's (Pass once it may trade); undefined for an account that is no business. */
    async verificationOf(userId: string): Promise<Verification | undefined> {
      const status = await repository.statusOf(userId);
      if (!status) return undefined;
      const application = await repository.applicationOf(userId, clock.now());
      const verified = await isVerified(userId);
      return {
        kycStatus: verified ? 'Pass' : 'Pending',
        kycLevel: verified ? 1 : 0,
        country: application.generalData.jurisdiction ?? null,
      };
    },

    /** The company's registered name once verified: payouts and payers are matched against it. */
    async verifiedNameOf(userId: string): Promise<string | null> {
      if (!(await isVerified(userId))) return null;
      return (await repository.applicationOf(userId, clock.now())).generalData.companyName ?? null;
    },
  };
}

export type KybCompany = ReturnType<typeof createKybCompany>;
