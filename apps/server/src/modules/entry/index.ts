/** The entry module's face: what the app registers, and the feature switches as an operator changes them. */
export { type FeatureSwitch, type FeatureSwitchListing, type FeatureSwitchSettings } from './feature-switch-settings.ts';
export { entryModule, type EntryFace } from './register.ts';
