export * from './envelope.ts';
export * from './errors.ts';
export * from './headers.ts';
export * from './paths.ts';
export * from './reference.ts';
export * from './entry.ts';
export * from './health.ts';
