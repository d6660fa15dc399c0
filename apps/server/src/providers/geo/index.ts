export type { GeoProvider } from './geo.ts';
