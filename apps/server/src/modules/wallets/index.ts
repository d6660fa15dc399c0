export { checkDestination } from './address-check.ts';
export { walletsModule } from './register.ts';
