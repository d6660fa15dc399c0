export { type KybFace } from './kyb.module.ts';
export { kybModule } from './register.ts';
