/**
 * The operator's desk calls of the questionnaire and appropriateness screen (docs/rules/operator-desk.md
 * "Questionnaires"), under the desk's prefix. Zod-free, spread into PATHS beside DESK_PATHS.
 */
const QUESTIONNAIRE = '/desk/v1/questionnaire';
const APPROPRIATENESS = '/desk/v1/appropriateness';

export const DESK_QUESTIONNAIRE_PATHS = {
  /** The question bank, active and inactive, in both languages. */
  deskQuestions: `${QUESTIONNAIRE}/questions`,
  deskQuestionCreate: `${QUESTIONNAIRE}/questions/create`,
  /** The whole question again (en and zh), replacing its fields. */
  deskQuestionUpdate: `${QUESTIONNAIRE}/questions/update`,
  /** Deactivates (no longer asked) or activates a question again. */
  deskQuestionActive: `${QUESTIONNAIRE}/questions/active`,
  /** Answered questionnaires no operator decided yet, oldest first. */
  deskQuestionnairesWaiting: `${QUESTIONNAIRE}/waiting`,
  /** Every questionnaire asked of one person, with the answers and decisions. */
  deskQuestionnairesOf: `${QUESTIONNAIRE}/person`,
  deskQuestionnaireAssign: `${QUESTIONNAIRE}/assign`,
  /** Accept the answers, or ask the questions again. */
  deskQuestionnaireDecide: `${QUESTIONNAIRE}/decide`,
  /** A file a person uploaded as an answer, through the desk session. */
  deskQuestionnaireFile: `${QUESTIONNAIRE}/file`,
  /** A person's appropriateness test: stage, attempts with answers, every move. */
  deskAppropriateness: `${APPROPRIATENESS}/record`,
  deskAppropriatenessEndCoolingOff: `${APPROPRIATENESS}/end-cooling-off`,
} as const;
