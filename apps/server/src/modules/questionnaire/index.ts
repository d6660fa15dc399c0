/** The questionnaire module's face: what the app registers, and what other modules may use of it. */
export { DEMO_QUESTION_GROUP, DEMO_QUESTION_IDS, seedDemoQuestionnaire } from './demo-questionnaire.ts';
export { questionnaireModule, type QuestionnaireFace } from './register.ts';
