import type { AppropriatenessStage } from '@causeway/contracts';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  appropriatenessAssessments,
  appropriatenessAttempts,
  appropriatenessEvents,
  appropriatenessQuestions,
  appropriatenessTests,
} from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';
import { assertAppropriatenessMove } from './appropriateness-state.ts';

export type AssessmentRow = typeof appropriatenessAssessments.$inferSelect;
export type AttemptRow = typeof appropriatenessAttempts.$inferSelect;
export type QuestionRow = typeof appropriatenessQuestions.$inferSelect;
export type TestRow = typeof appropriatenessTests.$inferSelect;
export type EventRow = typeof appropriatenessEvents.$inferSelect;

/** A move of a person's test: the stage it goes to, what changes with it, and who made it why (its event). */
export interface AssessmentMove {
  stage: AppropriatenessStage;
  set?: Partial<Pick<AssessmentRow, 'attempts' | 'failures' | 'silentUntil' | 'passedAt' | 'endedReason'>>;
  actor: string;
  detail?: string;
}

/** The appropriateness test's tables: the only ORM access of the risk module. */
export function createAppropriatenessRepository(db: Database) {
  return {
    async publishedTest(): Promise<TestRow | undefined> {
      return (await db.select().from(appropriatenessTests).where(eq(appropriatenessTests.active, true)))[0];
    },

    async test(version: string): Promise<TestRow | undefined> {
      return (await db.select().from(appropriatenessTests).where(eq(appropriatenessTests.version, version)))[0];
    },

    questions(version: string): Promise<QuestionRow[]> {
      return db
        .select()
        .from(appropriatenessQuestions)
        .where(eq(appropriatenessQuestions.testVersion, version))
        .orderBy(asc(appropriatenessQuestions.position));
    },

    async find(userId: string): Promise<AssessmentRow | undefined> {
      return (await db.select().from(appropriatenessAssessments).where(eq(appropriatenessAssessments.userId, userId)))[0];
    },

    /** The person's record, made at RISK_WARING_OK when they have none (two calls at once make one). */
    async findOrCreate(userId: string, at: Date): Promise<AssessmentRow> {
      await db
        .insert(appropriatenessAssessments)
        .values({ userId, stage: 'RISK_WARING_OK', createdAt: at, updatedAt: at })
        .onConflictDoNothing();
      return (await this.find(userId))!;
    },

    /**
     * Moves a person's test from the stage and revision it was read at, with its event, in one transaction (the
     * caller's, when it has one). Answers undefined, writing nothing, when another call moved it first. Illegal moves
     * throw (appropriateness-state.ts).
     */
    async move(
      from: Pick<AssessmentRow, 'userId' | 'stage' | 'revision'>,
      move: AssessmentMove,
      at: Date,
    ): Promise<AssessmentRow | undefined> {
      const fromStage = from.stage as AppropriatenessStage;
      assertAppropriatenessMove(fromStage, move.stage);
      return db.transaction(async () => {
        const [updated] = await db
          .update(appropriatenessAssessments)
          .set({ stage: move.stage, revision: sql`${appropriatenessAssessments.revision} + 1`, updatedAt: at, ...move.set })
          .where(
            and(
              eq(appropriatenessAssessments.userId, from.userId),
              eq(appropriatenessAssessments.stage, from.stage),
              eq(appropriatenessAssessments.revision, from.revision),
            ),
          )
          .returning();
        if (!updated) return undefined;
        await db.insert(appropriatenessEvents).values({
          id: newId('ape'),
          userId: from.userId,
          fromStage,
          toStage: move.stage,
          actor: move.actor,
          detail: move.detail ?? null,
          at,
        });
        return updated;
      });
    },

    async startAttempt(values: { userId: string; number: number; testVersion: string; startedAt: Date }): Promise<AttemptRow> {
      const [row] = await db
        .insert(appropriatenessAttempts)
        .values({ id: newId('apt'), ...values })
        .returning();
      return row!;
    },

    async attempt(userId: string, number: number): Promise<AttemptRow | undefined> {
      return (
        await db
          .select()
          .from(appropriatenessAttempts)
          .where(and(eq(appropriatenessAttempts.userId, userId), eq(appropriatenessAttempts.number, number)))
      )[0];
    },

    /** Writes the answers and score of an attempt not answered yet; undefined when it was answered meanwhile. */
    async recordAnswers(
      attemptId: string,
      values: Required<Pick<AttemptRow, 'answeredAt' | 'answers' | 'score' | 'passMark' | 'maxScore' | 'outcome'>>,
    ): Promise<AttemptRow | undefined> {
      const [row] = await db
        .update(appropriatenessAttempts)
        .set(values)
        .where(and(eq(appropriatenessAttempts.id, attemptId), isNull(appropriatenessAttempts.answeredAt)))
        .returning();
      return row;
    },

    attempts(userId: string): Promise<AttemptRow[]> {
      return db
        .select()
        .from(appropriatenessAttempts)
        .where(eq(appropriatenessAttempts.userId, userId))
        .orderBy(asc(appropriatenessAttempts.number));
    },

    async lastAnswered(userId: string): Promise<AttemptRow | undefined> {
      return (
        await db
          .select()
          .from(appropriatenessAttempts)
          .where(and(eq(appropriatenessAttempts.userId, userId), sql`${appropriatenessAttempts.answeredAt} is not null`))
          .orderBy(desc(appropriatenessAttempts.number))
          .limit(1)
      )[0];
    },

    events(userId: string): Promise<EventRow[]> {
      return db
        .select()
        .from(appropriatenessEvents)
        .where(eq(appropriatenessEvents.userId, userId))
        .orderBy(asc(appropriatenessEvents.seq));
    },
  };
}

export type AppropriatenessRepository = ReturnType<typeof createAppropriatenessRepository>;
