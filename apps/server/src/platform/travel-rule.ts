import { ErrorCode, type OrderTravelRule, type TravelRuleAnswer, type VaspInfo } from '@causeway/contracts';
import { AppError } from './app-error.ts';

/** GTR_ENABLED and TRAVEL_RULE_VASPS: whether orders are asked who holds the wallet, and the VASPs one may name. */
export interface TravelRuleConfig {
  enabled: boolean;
  vasps: readonly VaspInfo[];
}

/**
 * What an order keeps of its travel-rule answer (gtr-enabled): null while the step is off; otherwise
 * the answer is required, and a VASP must be one of list-vasp-info, kept with its name as it is now.
 * A saved wallet's holder (manage-wallet's provider information) is the same answer, optional there.
 */
export function travelRuleOf(config: TravelRuleConfig, answer: TravelRuleAnswer | undefined): OrderTravelRule | null {
  if (!config.enabled) return null;
  if (!answer) throw new AppError(ErrorCode.TravelRuleAnswerRequired);
  if (answer.walletType === 'SELF_HOSTED') return { walletType: 'SELF_HOSTED', vaspId: null, vaspName: null };
  const vasp = config.vasps.find((candidate) => candidate.vaspId === answer.vaspId);
  if (!vasp) throw new AppError(ErrorCode.TravelRuleAnswerRequired, 'This VASP is not in list-vasp-info: choose one from the list.');
  return { walletType: 'VASP', vaspId: vasp.vaspId, vaspName: vasp.name };
}
