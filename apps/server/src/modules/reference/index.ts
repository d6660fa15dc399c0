export { createCatalogue, type Catalogue, type CatalogueCurrency, type CatalogueNetwork, type PairOffer } from './catalogue.ts';
export { referenceModule } from './register.ts';
