export { requireHuman } from './require-human.ts';
