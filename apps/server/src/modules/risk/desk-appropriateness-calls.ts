import { CALLS, type DeskAppropriatenessRecord, ErrorCode } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { DeskFace } from '../desk/index.ts';
import type { People } from '../identity/index.ts';
import type { AppropriatenessRecord } from './appropriateness-view.ts';
import type { RiskFace } from './risk-face.ts';

const recordJson = (record: AppropriatenessRecord): DeskAppropriatenessRecord => ({
  ...record,
  silentUntil: record.silentUntil?.toISOString() ?? null,
  passedAt: record.passedAt?.toISOString() ?? null,
  attemptsMade: record.attemptsMade.map((attempt) => ({
    ...attempt,
    startedAt: attempt.startedAt.toISOString(),
    answeredAt: attempt.answeredAt?.toISOString() ?? null,
  })),
  events: record.events.map((event) => ({ ...event, at: event.at.toISOString() })),
});

/**
 * The desk's Questionnaires screen, appropriateness side (docs/rules/operator-desk.md "Questionnaires"): a person's
 * test as a review reads it (reviews:decide; the look is audited, the answers being personal data), and ending their
 * cooling-off early with a reason (reviews:decide, audited through desk.act with the move).
 */
export function registerDeskAppropriatenessCalls(desk: DeskFace, deps: { risk: RiskFace; people: People }): void {
  const { risk, people } = deps;
  const personId = async (userId: string) => {
    const person = await people.findById(userId);
    if (!person) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such person.');
    return person.id;
  };

  desk.registerCall(CALLS.deskAppropriateness, { permission: 'reviews:decide', action: 'appropriateness.view' }, async (request, actor) => {
    const userId = await personId(request.query.userId);
    return desk.act(
      actor,
      { permission: 'reviews:decide', action: 'appropriateness.view', target: { type: 'person', id: userId } },
      async () => {
        const record = await risk.recordOf(userId);
        return { userId, record: record ? recordJson(record) : null };
      },
    );
  });

  desk.registerCall(
    CALLS.deskAppropriatenessEndCoolingOff,
    { permission: 'reviews:decide', action: 'appropriateness.end-cooling-off' },
    async (request, actor) => {
      const userId = await personId(request.body.userId);
      return desk.act(
        actor,
        {
          permission: 'reviews:decide',
          action: 'appropriateness.end-cooling-off',
          target: { type: 'person', id: userId },
          details: { reason: request.body.reason },
        },
        async () => ({
          userId,
          record: recordJson(await risk.endCoolingOff({ userId, operator: actor.operator.email, reason: request.body.reason })),
        }),
      );
    },
  );
}
