export { createCatalogue, type Catalogue, type CatalogueCurrency, type CatalogueNetwork, type PairOffer } from './catalogue.ts';
export { type PairChannelSetting, type PairListing, type PairSetting, type PairSettings } from './pair-settings.ts';
export { REFERENCE_CACHE_TTL_MS } from './reference.service.ts';
export { referenceModule, type ReferenceFace } from './register.ts';
