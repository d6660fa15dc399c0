/** The help module's face: what the app registers. */
export { helpModule } from './register.ts';
