/** The entry module's face: what the app registers. */
export { entryModule } from './register.ts';
