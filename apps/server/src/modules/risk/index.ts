/** The risk module's face: what the app registers. */
export { riskModule } from './register.ts';
