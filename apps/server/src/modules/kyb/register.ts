import { defineModule } from '../../platform/server-module.ts';
import { createKybModule, type KybFace } from './kyb.module.ts';
import { registerKybRoutes } from './kyb.routes.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    kyb: KybFace;
  }
}

/** Business verification (docs/rules/kyb.md): the onboarding form, its people's identity, the KYB vendor's review. */
export const kybModule = defineModule('kyb', (context) => {
  const kyb = createKybModule(context);
  kyb.review.registerWebhook(context.webhooks);
  // The KYC vendor's reviews of the business's people arrive through the kyc module's webhook job.
  context.faces.get('kyc').takeOtherApplicants((review) => kyb.people.applyPersonReview(review));
  registerKybRoutes(context.app, kyb);
  return { verificationOf: kyb.company.verificationOf, verifiedNameOf: kyb.company.verifiedNameOf, deskReviews: kyb.deskReviews };
});
