/**
 * The URL folder of the country flags, under the app's base: flag-images-plugin.ts (the build and
 * the dev server) puts one SVG per country there, country-flag.tsx loads them from it. Its own
 * file, free of browser and Node code, so both sides can import it.
 */
export const FLAGS_PATH = 'flags/4x3';
