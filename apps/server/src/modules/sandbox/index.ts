/** The sandbox module's face: what the app registers. */
export { sandboxModule } from './register.ts';
