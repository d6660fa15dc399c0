import {
  type AdditionalAnswer,
  type AdditionalQuestion,
  type DynamicQuestionnaire,
  ErrorCode,
  type QuestionDefinition,
  questionDefinitionInputSchema,
  type QuestionDefinitionInput,
  questionDefinitionPatchSchema,
  type QuestionDefinitionPatch,
  type QuestionLanguage,
  questionnaireAssignmentInputSchema,
  type QuestionnaireAssignment,
  type QuestionnaireAssignmentInput,
} from '@causeway/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { People } from '../identity/index.ts';
import { checkStoredDocument, keyBelongsTo, type SubmittedDocuments } from '../uploads/index.ts';
import { type CheckedAnswer, checkAnswers, type RadioForm } from './answer-rules.ts';
import { additionalQuestionOf, assignmentOf, definitionOf, inAskedOrder, optionNamed } from './question-views.ts';
import type { AssignmentRow, QuestionnaireRepository, QuestionRow } from './questionnaire.repository.ts';

export interface QuestionnaireServiceDeps {
  repository: QuestionnaireRepository;
  people: People;
  storage: StorageProvider;
  uploads: SubmittedDocuments;
  clock: Clock;
  transaction: RunInTransaction;
}

/** An operator's input checked by its schema: a 400 naming every bad field, as a call's body would get. */
function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  throw new AppError(ErrorCode.MalformedRequest, problems.join('; '));
}

const NOT_ASKED = () => new AppError(ErrorCode.QuestionnaireNotAsked);

/** The upload folder a person's file lies in: their identity documents' (sign-upload) or their business's. */
const purposeOfOwnFile = (path: string, userId: string) =>
  keyBelongsTo(path, userId, 'kyc') ? 'kyc' : keyBelongsTo(path, userId, 'kyb') ? 'kyb' : undefined;

/**
 * The dynamic questionnaire (docs/rules/questionnaire.md): questions an operator writes, questionnaires asked of
 * people, and the answers they give, all at once and all checked, or none.
 */
export function createQuestionnaireService(deps: QuestionnaireServiceDeps) {
  const { repository, clock } = deps;

  /** The open questionnaire and the questions of it still active, in the order they are shown; undefined when none. */
  async function asked(userId: string): Promise<{ assignment: AssignmentRow; questions: QuestionRow[] } | undefined> {
    const assignment = await repository.findOpenAssignment(userId);
    if (!assignment) return undefined;
    const rows = (await repository.findQuestions(assignment.questionIds)).filter((row) => row.active);
    return rows.length ? { assignment, questions: inAskedOrder(rows, assignment.questionIds) } : undefined;
  }

  async function askedQuestion(userId: string, questionId: string, questionGroup?: string): Promise<QuestionRow> {
    const question = (await asked(userId))?.questions.find((row) => row.id === questionId);
    if (!question || (questionGroup && question.questionGroup !== questionGroup))
      throw new AppError(ErrorCode.QuestionnaireQuestionUnknown);
    return question;
  }

  /** Each file must be the person's own upload, stored and accepted (jpg, jpeg, png, pdf; 10 KB to 5120 KB). */
  async function checkFiles(userId: string, answers: readonly CheckedAnswer[]) {
    const files = answers.flatMap((answer) => answer.files);
    const owned = files.map((filePath) => ({ filePath, purpose: purposeOfOwnFile(filePath, userId) }));
    if (owned.some((file) => !file.purpose)) throw new AppError(ErrorCode.DocumentFileUnknown);
    for (const { filePath } of owned) {
      const stored = await checkStoredDocument(deps.storage, filePath);
      if (!stored.ok) throw new AppError(stored.errorName, stored.message);
    }
    return owned as Array<{ filePath: string; purpose: string }>;
  }

  async function assignmentView(userId: string): Promise<QuestionnaireAssignment[]> {
    return (await repository.assignmentsOf(userId)).map(assignmentOf);
  }

  /** Changes the fields given; the question must still be whole (a RADIO has its options, the others none). */
  async function updateQuestion(id: string, patch: QuestionDefinitionPatch): Promise<QuestionDefinition> {
    const changes = parsed(questionDefinitionPatchSchema, patch);
    const existing = await repository.findQuestion(id);
    if (!existing) throw new AppError(ErrorCode.QuestionnaireQuestionUnknown, `No question ${id}`);
    const { active, ...fields } = changes;
    const { questionGroup, answerType, text, description, options, sortOrder } = definitionOf(existing);
    const merged = parsed(questionDefinitionInputSchema, {
      id,
      questionGroup,
      answerType,
      text,
      description,
      options,
      sortOrder,
      ...fields,
    });
    const { id: _id, ...values } = merged;
    const updated = await repository.updateQuestion(id, { ...values, ...(active === undefined ? {} : { active }), updatedAt: clock.now() });
    return definitionOf(updated!);
  }

  return {
    /** The account info's requireDynamicQuestionnaire: an open questionnaire with a question still asked. */
    isAsked: (userId: string): Promise<boolean> => repository.hasOpenQuestions(userId),

    // --- The person's side (the calls) ---

    async questionIds(userId: string) {
      const open = await asked(userId);
      return { questions: (open?.questions ?? []).map((row) => ({ questionId: row.id, questionGroup: row.questionGroup })) };
    },

    async questionDetail(
      userId: string,
      questionId: string,
      language: QuestionLanguage,
      questionGroup?: string,
    ): Promise<AdditionalQuestion> {
      return additionalQuestionOf(await askedQuestion(userId, questionId, questionGroup), language);
    },

    async extraQuestion(userId: string, questionId: string, radioOption: string, language: QuestionLanguage) {
      const question = await askedQuestion(userId, questionId);
      const choice = question.answerType === 'RADIO' ? optionNamed(question, radioOption) : undefined;
      if (!choice) throw new AppError(ErrorCode.QuestionnaireAnswerInvalid, `${questionId}: "${radioOption}" is not one of the options`);
      return { questionId, radioOption, extraQuestionText: choice.extraQuestion?.[language] ?? null };
    },

    async questions(userId: string, language: QuestionLanguage): Promise<AdditionalQuestion[]> {
      return ((await asked(userId))?.questions ?? []).map((row) => additionalQuestionOf(row, language));
    },

    async questionnaire(userId: string, language: QuestionLanguage): Promise<DynamicQuestionnaire> {
      const open = await asked(userId);
      return {
        requireDynamicQuestionnaire: open !== undefined,
        questions: (open?.questions ?? []).map((row) => additionalQuestionOf(row, language)),
        lastAnsweredAt: (await repository.lastAnsweredAt(userId))?.toISOString() ?? null,
      };
    },

    /**
     * Answers the open questionnaire, every question at once: checked (checkAnswers), the files checked as the
     * person's own and stored, then written in one transaction with the questionnaire closed. Any refusal stores
     * nothing. `questionGroup`, when given, must be the group of a question asked (the page's view is current).
     */
    async submit(userId: string, answers: readonly AdditionalAnswer[], radioForm: RadioForm, questionGroup?: string) {
      const open = await asked(userId);
      if (!open) throw NOT_ASKED();
      if (questionGroup && !open.questions.some((row) => row.questionGroup === questionGroup))
        throw new AppError(ErrorCode.QuestionnaireQuestionUnknown, `No question of group ${questionGroup} is asked of you`);
      const checked = checkAnswers(open.questions, answers, radioForm);
      const files = await checkFiles(userId, checked);
      const now = clock.now();
      await deps.transaction(async () => {
        const locked = await repository.lockOpenAssignment(userId);
        // An operator changed the questionnaire meanwhile: these answers are to questions no longer asked together.
        const same =
          locked?.id === open.assignment.id &&
          locked.assignedAt.getTime() === open.assignment.assignedAt.getTime() &&
          locked.questionIds.join(',') === open.assignment.questionIds.join(',');
        if (!locked || !same)
          throw new AppError(ErrorCode.QuestionnaireNotAsked, 'The questionnaire asked of you changed while you answered: load it again.');
        await deps.uploads.markSubmitted(userId, files, now);
        await repository.recordAnswers(
          locked.id,
          checked.map((answer) => ({ assignmentId: locked.id, userId, answeredAt: now, ...answer })),
          now,
        );
      });
      return { requireDynamicQuestionnaire: await repository.hasOpenQuestions(userId) };
    },

    // --- The operator's side (the module's face; the operator's desk calls it) ---

    async listQuestions(options: { includeInactive?: boolean } = {}): Promise<QuestionDefinition[]> {
      return (await repository.listQuestions(options.includeInactive ?? false)).map(definitionOf);
    },

    async createQuestion(input: QuestionDefinitionInput): Promise<QuestionDefinition> {
      const question = parsed(questionDefinitionInputSchema, input);
      const now = clock.now();
      const created = await repository.insertQuestion({ ...question, active: true, createdAt: now, updatedAt: now });
      if (!created) throw new AppError(ErrorCode.QuestionnaireQuestionExists);
      return definitionOf((await repository.findQuestion(question.id))!);
    },

    updateQuestion,

    /** No longer asked: open questionnaires skip it; the answers given to it stay. */
    deactivateQuestion: (id: string): Promise<QuestionDefinition> => updateQuestion(id, { active: false }),

    /**
     * Asks a person these questions (each existing and active, once each): the questionnaire they have open, if any,
     * asks these instead. The account info says requireDynamicQuestionnaire until they answer it.
     */
    async assign(input: QuestionnaireAssignmentInput): Promise<QuestionnaireAssignment> {
      const { userId, questionIds, assignedBy } = parsed(questionnaireAssignmentInputSchema, input);
      if (new Set(questionIds).size !== questionIds.length)
        throw new AppError(ErrorCode.MalformedRequest, 'questionIds: each question once');
      if (!(await deps.people.findById(userId))) throw new AppError(ErrorCode.MalformedRequest, `userId: no person ${userId}`);
      const found = await repository.findQuestions(questionIds);
      const unknown = questionIds.filter((id) => !found.some((row) => row.id === id && row.active));
      if (unknown.length)
        throw new AppError(ErrorCode.QuestionnaireQuestionUnknown, `No active question ${unknown.join(', ')}`, {
          questionIds: unknown.join(','),
        });
      const assignedAt = clock.now();
      await deps.transaction(async () => {
        // One open questionnaire a person: a second assignment while one is open asks its questions instead.
        if (await repository.insertAssignment({ id: newId('qna'), userId, questionIds, assignedBy, assignedAt })) return;
        const open = await repository.lockOpenAssignment(userId);
        if (open) await repository.replaceOpenQuestions(open.id, { questionIds, assignedBy, assignedAt });
      });
      return (await assignmentView(userId))[0]!;
    },

    /** Every questionnaire asked of the person, newest first, with the answers given (what an operator reviews). */
    assignmentsOf: assignmentView,
  };
}

export type QuestionnaireService = ReturnType<typeof createQuestionnaireService>;
