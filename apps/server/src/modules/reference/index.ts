export { createReferenceRepository, type ReferenceRepository } from './reference.repository.ts';
