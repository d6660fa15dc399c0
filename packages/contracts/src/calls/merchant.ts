import {
  merchantBindRequestSchema,
  merchantBindResultSchema,
  merchantBindStatusSchema,
  merchantLoginResultSchema,
  merchantLoginStartBodySchema,
  merchantLoginWithCodeBodySchema,
  merchantNewEmailBodySchema,
  merchantProcessBodySchema,
  merchantSelectAccountBodySchema,
} from '../merchant-login.ts';
import { createdMerchantTransactionSchema, createMerchantTransactionSchema } from '../orders.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['merchant sign-in'];

/**
 * A merchant's customers signing in from its signed entry (/capi/v1/login/kyc; the process token
 * in each body carries the state between steps), and the merchant's own server creating a transaction.
 */
export const MERCHANT_CALLS = {
  merchantSharedKycLogin: defineCall({
    method: 'POST',
    path: PATHS.merchantSharedKycLogin,
    caller: 'public',
    tags,
    summary: "Start from a merchant's signed entry: the first account-selection state, or signed in (skip-login)",
    body: merchantLoginStartBodySchema,
    result: merchantLoginResultSchema,
  }),
  merchantSendVerifyCode: defineCall({
    method: 'POST',
    path: PATHS.merchantSendVerifyCode,
    caller: 'public',
    tags,
    summary: 'Confirm the offered email and send its code, or resend the code',
    body: merchantProcessBodySchema,
    result: merchantLoginResultSchema,
  }),
  merchantSubmitNewEmail: defineCall({
    method: 'POST',
    path: PATHS.merchantSubmitNewEmail,
    caller: 'public',
    tags,
    summary: "Use another email than the merchant's: a code goes to it",
    body: merchantNewEmailBodySchema,
    result: merchantLoginResultSchema,
  }),
  merchantLoginWithBindingAccount: defineCall({
    method: 'POST',
    path: PATHS.merchantLoginWithBindingAccount,
    caller: 'public',
    tags,
    summary: "Choose between the linked account and the merchant email's account",
    body: merchantSelectAccountBodySchema,
    result: merchantLoginResultSchema,
  }),
  merchantLoginWithVerifyCode: defineCall({
    method: 'POST',
    path: PATHS.merchantLoginWithVerifyCode,
    caller: 'public',
    tags,
    summary: "Sign in with the code; links the merchant's customer to the account",
    body: merchantLoginWithCodeBodySchema,
    result: merchantLoginResultSchema,
  }),
  merchantTransactionCreate: defineCall({
    method: 'POST',
    path: PATHS.merchantTransactionCreate,
    caller: 'merchant-key',
    tags: ['merchant'],
    summary: "From the merchant's server, signed like an entry link: the transaction its customer will fill (idempotent by tranId)",
    // A merchant's server sends none of the web client's headers.
    headers: null,
    body: createMerchantTransactionSchema,
    result: createdMerchantTransactionSchema,
  }),
  getMerchantBindStatus: defineCall({
    method: 'POST',
    path: PATHS.getMerchantBindStatus,
    caller: 'individual',
    tags: ['merchant linking'],
    summary: "Whether the signed-in account is the customer of the transaction's merchant, another account is, or none yet",
    body: merchantBindRequestSchema,
    result: merchantBindStatusSchema,
  }),
  merchantBind: defineCall({
    method: 'POST',
    path: PATHS.merchantBind,
    caller: 'individual',
    tags: ['merchant linking'],
    summary: "Links the signed-in person to the merchant's customer of the transaction (FAILED with kycLoginFail when another account is)",
    body: merchantBindRequestSchema,
    result: merchantBindResultSchema,
  }),
  kybMerchantBind: defineCall({
    method: 'POST',
    path: PATHS.kybMerchantBind,
    caller: 'business',
    tags: ['merchant linking'],
    summary:
      "Links the signed-in business to the merchant's customer of the transaction (FAILED with kycLoginFail when another account is)",
    body: merchantBindRequestSchema,
    result: merchantBindResultSchema,
  }),
} as const;
