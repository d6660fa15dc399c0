/** The health module's face: what the app registers. */
export { healthModule } from './register.ts';
