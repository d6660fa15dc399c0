/** The on-chain module's face: what the app registers. */
export { onChainModule } from './register.ts';
