import { ErrorCode, type QuestionnaireAssignment, type QuestionnaireDecision } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { assignmentOf } from './question-views.ts';
import type { QuestionnaireRepository } from './questionnaire.repository.ts';
import type { QuestionnaireService } from './questionnaire.service.ts';

/** The desk's queue shows this many answered questionnaires at most (the oldest: they waited longest). */
export const WAITING_LIMIT = 50;
const NOTE_MAX_LENGTH = 500;

const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

const notFound = (what: string) => new AppError(ErrorCode.OperatorTargetNotFound, what);

export interface QuestionnaireDecisionInput {
  assignmentId: string;
  decision: QuestionnaireDecision;
  /** Why (required to ask again, at most 500 characters): kept with the decision, never shown to the person. */
  note?: string;
  /** The operator deciding, kept with the decision (and with the questionnaire asked anew). */
  decidedBy: string;
}

/**
 * The operator's review of answers given (docs/rules/questionnaire.md "Deciding the answers"): the answered
 * questionnaires waiting for a decision, the decision (accept, or ask the same questions again), and the files
 * a person gave, read for the desk.
 */
export function createQuestionnaireReview(deps: {
  repository: QuestionnaireRepository;
  storage: StorageProvider;
  clock: Clock;
  transaction: RunInTransaction;
  assign: QuestionnaireService['assign'];
}) {
  const { repository } = deps;

  /** The questions of an answered questionnaire still active, after those the person's open one asks already. */
  async function questionsToAskAgain(userId: string, asked: readonly string[]): Promise<string[]> {
    const active = new Set((await repository.findQuestions(asked)).filter((row) => row.active).map((row) => row.id));
    const again = asked.filter((id) => active.has(id));
    if (again.length === 0)
      throw new AppError(ErrorCode.QuestionnaireQuestionUnknown, 'None of these questions is active any more: ask others instead.');
    // A questionnaire asked meanwhile keeps its questions: these are added to it, not put in its place.
    const open = await repository.findOpenAssignment(userId);
    return [...new Set([...(open?.questionIds ?? []), ...again])];
  }

  return {
    /** Answered questionnaires no operator decided yet, the longest waiting first. */
    async waiting(): Promise<QuestionnaireAssignment[]> {
      return (await repository.waitingForReview(WAITING_LIMIT)).map(assignmentOf);
    },

    /**
     * Decides answered questions, once: accepted, or asked again (the questions still active asked anew, with the
     * person's account info saying requireDynamicQuestionnaire until they answer). Refused, changing nothing:
     * an unknown questionnaire (DSK0000005), one not answered or decided already (QNR0000002), a bad note (400).
     */
    async decide(input: QuestionnaireDecisionInput): Promise<QuestionnaireAssignment> {
      const note = (input.note ?? '').trim();
      if (note.length > NOTE_MAX_LENGTH) throw new AppError(ErrorCode.MalformedRequest, `note: at most ${NOTE_MAX_LENGTH} characters`);
      if (input.decision === 'ask-again' && !note)
        throw new AppError(ErrorCode.MalformedRequest, 'note: say why the questions are asked again');
      await deps.transaction(async () => {
        const row = await repository.lockAssignment(input.assignmentId);
        if (!row) throw notFound(`No questionnaire ${input.assignmentId}`);
        if (!row.answeredAt) throw new AppError(ErrorCode.QuestionnaireNotAsked, 'This questionnaire is not answered yet.');
        if (row.reviewedAt) throw new AppError(ErrorCode.QuestionnaireNotAsked, 'This questionnaire is decided already.');
        const again = input.decision === 'ask-again' ? await questionsToAskAgain(row.userId, row.questionIds) : [];
        const recorded = await repository.recordReview(row.id, {
          reviewOutcome: input.decision === 'accept' ? 'accepted' : 'asked-again',
          reviewNote: note || null,
          reviewedBy: input.decidedBy,
          reviewedAt: deps.clock.now(),
        });
        // The row lock above makes this a guard of last resort: decided once, whatever calls this.
        if (!recorded) throw new AppError(ErrorCode.QuestionnaireNotAsked, 'This questionnaire is decided already.');
        if (again.length) await deps.assign({ userId: row.userId, questionIds: again, assignedBy: input.decidedBy });
      });
      return assignmentOf((await repository.assignmentWithAnswers(input.assignmentId))!);
    },

    /** A file the person gave to one of this questionnaire's questions (no other path is read), for the desk. */
    async answerFile(assignmentId: string, questionId: string, filePath: string) {
      const row = await repository.assignmentWithAnswers(assignmentId);
      const answer = row?.answers.find((candidate) => candidate.questionId === questionId);
      const bytes = answer?.files.includes(filePath) ? await deps.storage.read(filePath) : undefined;
      if (!row || !bytes) throw notFound('No such file in this questionnaire');
      const fileName = filePath.split('/').pop() ?? filePath;
      const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
      return { userId: row.userId, fileName, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', bytes };
    },
  };
}

export type QuestionnaireReview = ReturnType<typeof createQuestionnaireReview>;
