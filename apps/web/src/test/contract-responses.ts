import {
  accountOverviewSchema, bindingStatusResultSchema, cardFieldsConfigSchema, cardFieldsSessionSchema, cardSchema, checkAddressResultSchema, countryItemSchema, currencyItemSchema, currencyPairItemSchema, featureSwitchItemSchema,
  helpDeskRequestResultSchema, kycLimitsResultSchema, listCardResultSchema, listOrderResultSchema, listWalletResultSchema, orderDetailSchema, orderInfoSchema, PATHS, promotionResultSchema, quoteSchema,
  riskSurveyCheckResultSchema, submitBuyResultSchema, threeDsStatusResultSchema, walletSchema,
} from '@causeway/contracts';
import { z } from 'zod';

/**
 * What the server answers on these paths, by the contracts' own schemas. The routed test client
 * checks every mocked answer against them, so a page tested on a made-up shape (an array where
 * the server sends `{ list }`) fails in the unit tests, not in the browser.
 */
export const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  [PATHS.listCard]: listCardResultSchema,
  [PATHS.helpDeskRequest]: helpDeskRequestResultSchema,
  [PATHS.helpDeskForwardFile]: helpDeskRequestResultSchema,
  [PATHS.addCard]: cardSchema,
  [PATHS.cardFieldsConfig]: cardFieldsConfigSchema,
  [PATHS.cardFieldsSession]: cardFieldsSessionSchema,
  [PATHS.deleteCard]: z.null(),
  [PATHS.listWallet]: listWalletResultSchema,
  [PATHS.addWallet]: walletSchema,
  [PATHS.getQuote]: quoteSchema,
  [PATHS.updateQuote]: quoteSchema,
  [PATHS.submitBuy]: submitBuyResultSchema,
  [PATHS.getPromotion]: promotionResultSchema,
  [PATHS.getOrderDetail]: orderDetailSchema,
  [PATHS.get3dsStatus]: threeDsStatusResultSchema,
  [PATHS.listOrder]: listOrderResultSchema,
  [PATHS.listCurrency]: z.array(currencyItemSchema),
  [PATHS.listCurrencyPairByBaseCurrency]: z.array(currencyPairItemSchema),
  [PATHS.kycLimits]: kycLimitsResultSchema,
  [PATHS.kycCheckAddress]: checkAddressResultSchema,
  [PATHS.getTransInfo]: orderInfoSchema,
  [PATHS.queryOrderByTranId]: orderInfoSchema,
  [PATHS.riskSurveyCheck]: riskSurveyCheckResultSchema,
  [PATHS.riskSurveyAgreement]: riskSurveyCheckResultSchema,
  [PATHS.featureSwitch]: z.array(featureSwitchItemSchema),
  [PATHS.authenticatorBindingStatus]: bindingStatusResultSchema,
  [PATHS.listCountryCode]: z.array(countryItemSchema),
  [PATHS.overview]: accountOverviewSchema,
  [PATHS.overviewForThirdParty]: accountOverviewSchema,
};
