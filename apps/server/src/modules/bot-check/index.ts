export { requireHuman } from './require-human.ts';
export { botCheckModule } from './register.ts';
