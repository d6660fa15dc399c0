import { deriveKey } from '../../platform/crypto.ts';
import { defineLeafModule } from '../../platform/server-module.ts';
import { registerOneClickUnsubscribeRoutes } from './one-click-unsubscribe.routes.ts';
import { createPromotionEmailRepository } from './promotion-email.repository.ts';
import { registerPromotionEmailRoutes } from './promotion-email.routes.ts';
import { createPromotionEmailService } from './promotion-email.service.ts';
import { createUnsubscribeLinks } from './unsubscribe-link.ts';

/** Promotional emails: the choice in Settings, the welcome email, and the unsubscribe link each email carries. */
export const promotionEmailModule = defineLeafModule('promotion-email', (context) => {
  const { app, db, clock, rateLimiter, serverSecret, providers, queue, jobs, unitOfWork, faces, publicUrl } = context;
  const service = createPromotionEmailService({
    repository: createPromotionEmailRepository(db),
    people: faces.get('identity').people,
    mail: providers.mail.provider,
    rateLimiter,
    clock,
    links: createUnsubscribeLinks(deriveKey(serverSecret, 'unsubscribe-link')),
    queue,
    worker: jobs,
    transaction: <T>(work: () => Promise<T>) => unitOfWork.transaction(work),
    publicUrl,
  });
  registerPromotionEmailRoutes(app, service);
  registerOneClickUnsubscribeRoutes(app, service);
});
