/** The translations module's face: what the app registers. */
export { translationsModule } from './register.ts';
