/** The promotion-email module's face: what the app registers. */
export { promotionEmailModule } from './register.ts';
