import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { CARD_FIELDS_SOURCE } from './sandbox-card-fields';

/** The sandbox card fields as card-fields-config names them. */
export const SANDBOX_FIELDS_CONFIG = { processor: 'sandbox', fieldsUrl: '/sandbox/card-fields' } as const;

type Answer = { token: string; last4?: string } | { error: 'invalid' | 'refused' | 'unavailable' };

/**
 * Plays the sandbox processor's card-fields frame in jsdom (which runs no frame scripts): posts
 * its messages to the page from the frame and its origin, and answers the page's `tokenize` with
 * `answer`. What the page posts to the frame is recorded in `posted`.
 */
export async function fakeSandboxCardFields(options: { answer?: Answer } = {}) {
  const frame = (await screen.findByTitle('Card details')) as HTMLIFrameElement;
  const fieldsWindow = frame.contentWindow!;
  const dispatch = (data: Record<string, unknown>, origin: string, source: Window) =>
    window.dispatchEvent(new MessageEvent('message', { data: { source: CARD_FIELDS_SOURCE, ...data }, origin, source }));
  const send = (data: Record<string, unknown>, origin = window.location.origin, source: Window = fieldsWindow) => act(() => void dispatch(data, origin, source));
  let answer: Answer = options.answer ?? { token: 'tok_sandboxfields000000000001', last4: '4444' };
  const posted: Array<{ message: unknown; targetOrigin: unknown }> = [];
  vi.spyOn(fieldsWindow, 'postMessage').mockImplementation((message: unknown, targetOrigin?: unknown) => {
    posted.push({ message, targetOrigin });
    if ((message as { type?: string }).type !== 'tokenize') return;
    const reply = 'token' in answer ? { type: 'tokenized', ...answer } : { type: 'error', reason: answer.error };
    // The answer comes later, as a frame's would (the page awaits it; no act needed).
    queueMicrotask(() => dispatch(reply, window.location.origin, fieldsWindow));
  });
  await send({ type: 'ready', height: 240 });
  return {
    frame,
    posted,
    send,
    /** The person typed a complete, valid card (or not). */
    setValid: (valid: boolean) => send({ type: 'validity', valid }),
    answerWith: (next: Answer) => {
      answer = next;
    },
  };
}
