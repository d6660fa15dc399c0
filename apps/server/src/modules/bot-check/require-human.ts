import { ErrorCode } from '@causeway/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import type { BotCheckProvider } from '../../providers/bot-check/index.ts';

/**
 * `preHandler: requireHuman(botCheck, action)` on a step a script would hammer (docs/rules/entities.md:
 * recaptchaToken): USE000001007 before anything happens unless the body's token shows a person
 * did `action`. Runs after validation, so the body is the route's parsed one.
 */
export function requireHuman(botCheck: Pick<BotCheckProvider, 'verify'>, action: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body as { recaptchaToken?: unknown } | null | undefined;
    const token = typeof body?.recaptchaToken === 'string' ? body.recaptchaToken : undefined;
    if (!(await botCheck.verify({ token, action, ip: request.ip }))) throw new AppError(ErrorCode.BotCheckFailed);
  };
}
