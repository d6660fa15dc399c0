export { bankingModule } from './register.ts';
export type { BankingFace } from './banking-face.ts';
export type { SuspenseCredit } from './bank-suspense.routes.ts';
export type { BankBuys } from './credit-intake.ts';
export { referencesIn, newBankReference } from './bank-references.ts';
export { minimumTransfer } from './transfer-minimums.ts';
