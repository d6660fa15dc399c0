import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { questionnaireAnswers, questionnaireAssignments, questionnaireQuestions } from '../../db/schema/index.ts';

export type QuestionRow = typeof questionnaireQuestions.$inferSelect;
export type NewQuestionRow = typeof questionnaireQuestions.$inferInsert;
export type AssignmentRow = typeof questionnaireAssignments.$inferSelect;
export type AnswerRow = typeof questionnaireAnswers.$inferSelect;

export type AssignmentWithAnswers = AssignmentRow & { answers: AnswerRow[] };

/** The questions, the questionnaires asked of people and their answers: the only ORM access of the questionnaire module. */
export function createQuestionnaireRepository(db: Database) {
  /** Each questionnaire with its answers, in the order its questions were asked. */
  async function withAnswers(assignments: AssignmentRow[]): Promise<AssignmentWithAnswers[]> {
    if (assignments.length === 0) return [];
    const answers = await db
      .select()
      .from(questionnaireAnswers)
      .where(
        inArray(
          questionnaireAnswers.assignmentId,
          assignments.map((assignment) => assignment.id),
        ),
      );
    return assignments.map((assignment) => ({
      ...assignment,
      answers: assignment.questionIds.flatMap((id) => answers.filter((a) => a.assignmentId === assignment.id && a.questionId === id)),
    }));
  }

  return {
    async findQuestion(id: string): Promise<QuestionRow | undefined> {
      const [row] = await db.select().from(questionnaireQuestions).where(eq(questionnaireQuestions.id, id));
      return row;
    },

    async findQuestions(ids: readonly string[]): Promise<QuestionRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(questionnaireQuestions)
        .where(inArray(questionnaireQuestions.id, [...ids]));
    },

    /** Every question, by group then order (an operator's list); the inactive ones only when asked. */
    async listQuestions(includeInactive: boolean): Promise<QuestionRow[]> {
      return db
        .select()
        .from(questionnaireQuestions)
        .where(includeInactive ? undefined : eq(questionnaireQuestions.active, true))
        .orderBy(asc(questionnaireQuestions.questionGroup), asc(questionnaireQuestions.sortOrder), asc(questionnaireQuestions.id));
    },

    /** A new question; false (nothing written) when the id is taken. */
    async insertQuestion(row: NewQuestionRow): Promise<boolean> {
      const inserted = await db
        .insert(questionnaireQuestions)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: questionnaireQuestions.id });
      return inserted.length > 0;
    },

    /** Seeds questions that do not exist yet (an operator's edits of them stay). */
    async seedQuestions(rows: NewQuestionRow[]): Promise<void> {
      if (rows.length) await db.insert(questionnaireQuestions).values(rows).onConflictDoNothing();
    },

    async updateQuestion(id: string, values: Partial<NewQuestionRow>): Promise<QuestionRow | undefined> {
      const [row] = await db.update(questionnaireQuestions).set(values).where(eq(questionnaireQuestions.id, id)).returning();
      return row;
    },

    async findOpenAssignment(userId: string): Promise<AssignmentRow | undefined> {
      const [row] = await db
        .select()
        .from(questionnaireAssignments)
        .where(and(eq(questionnaireAssignments.userId, userId), isNull(questionnaireAssignments.answeredAt)));
      return row;
    },

    /** The open questionnaire under a row lock (a submission and an operator's change never interleave). */
    async lockOpenAssignment(userId: string): Promise<AssignmentRow | undefined> {
      const [row] = await db
        .select()
        .from(questionnaireAssignments)
        .where(and(eq(questionnaireAssignments.userId, userId), isNull(questionnaireAssignments.answeredAt)))
        .for('update');
      return row;
    },

    /**
     * Whether the person has an open questionnaire with a question still active: what the account info's
     * requireDynamicQuestionnaire says. One query (the account info is read on every page).
     */
    async hasOpenQuestions(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: questionnaireAssignments.id })
        .from(questionnaireAssignments)
        .where(
          and(
            eq(questionnaireAssignments.userId, userId),
            isNull(questionnaireAssignments.answeredAt),
            sql`exists (select 1 from ${questionnaireQuestions} where ${questionnaireQuestions.active} and ${questionnaireQuestions.id} = any(${questionnaireAssignments.questionIds}))`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** A new open questionnaire; false (nothing written) when the person has one open already. */
    async insertAssignment(row: typeof questionnaireAssignments.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(questionnaireAssignments)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: questionnaireAssignments.id });
      return inserted.length > 0;
    },

    async replaceOpenQuestions(id: string, values: { questionIds: string[]; assignedBy: string; assignedAt: Date }): Promise<void> {
      await db.update(questionnaireAssignments).set(values).where(eq(questionnaireAssignments.id, id));
    },

    /** Writes every answer and closes the questionnaire, in the caller's transaction. */
    async recordAnswers(assignmentId: string, answers: Array<typeof questionnaireAnswers.$inferInsert>, answeredAt: Date): Promise<void> {
      if (answers.length) await db.insert(questionnaireAnswers).values(answers);
      await db.update(questionnaireAssignments).set({ answeredAt }).where(eq(questionnaireAssignments.id, assignmentId));
    },

    /** The person's latest answered questionnaire's time, or undefined. */
    async lastAnsweredAt(userId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ answeredAt: questionnaireAssignments.answeredAt })
        .from(questionnaireAssignments)
        .where(and(eq(questionnaireAssignments.userId, userId), isNotNull(questionnaireAssignments.answeredAt)))
        .orderBy(desc(questionnaireAssignments.answeredAt))
        .limit(1);
      return row?.answeredAt ?? undefined;
    },

    /** Every questionnaire asked of the person, newest first, with its answers. */
    async assignmentsOf(userId: string): Promise<AssignmentWithAnswers[]> {
      const assignments = await db
        .select()
        .from(questionnaireAssignments)
        .where(eq(questionnaireAssignments.userId, userId))
        .orderBy(desc(questionnaireAssignments.assignedAt));
      return withAnswers(assignments);
    },

    /** One questionnaire with its answers, or undefined. */
    async assignmentWithAnswers(id: string): Promise<AssignmentWithAnswers | undefined> {
      const assignments = await db.select().from(questionnaireAssignments).where(eq(questionnaireAssignments.id, id));
      return (await withAnswers(assignments))[0];
    },

    /** One questionnaire under a row lock (two operators deciding it never both win). */
    async lockAssignment(id: string): Promise<AssignmentRow | undefined> {
      const [row] = await db.select().from(questionnaireAssignments).where(eq(questionnaireAssignments.id, id)).for('update');
      return row;
    },

    /** Answered questionnaires no operator decided yet, the longest waiting first (the desk's queue). */
    async waitingForReview(limit: number): Promise<AssignmentWithAnswers[]> {
      const assignments = await db
        .select()
        .from(questionnaireAssignments)
        .where(and(isNotNull(questionnaireAssignments.answeredAt), isNull(questionnaireAssignments.reviewedAt)))
        .orderBy(asc(questionnaireAssignments.answeredAt), asc(questionnaireAssignments.id))
        .limit(limit);
      return withAnswers(assignments);
    },

    /** Keeps an operator's decision on answered questions, once: false (nothing written) when one is kept already. */
    async recordReview(
      id: string,
      review: { reviewOutcome: string; reviewNote: string | null; reviewedBy: string; reviewedAt: Date },
    ): Promise<boolean> {
      const updated = await db
        .update(questionnaireAssignments)
        .set(review)
        .where(
          and(
            eq(questionnaireAssignments.id, id),
            isNotNull(questionnaireAssignments.answeredAt),
            isNull(questionnaireAssignments.reviewedAt),
          ),
        )
        .returning({ id: questionnaireAssignments.id });
      return updated.length > 0;
    },
  };
}

export type QuestionnaireRepository = ReturnType<typeof createQuestionnaireRepository>;
