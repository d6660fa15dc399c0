export { legalUrlsOf } from './legal-urls.ts';
export { legalModule } from './register.ts';
