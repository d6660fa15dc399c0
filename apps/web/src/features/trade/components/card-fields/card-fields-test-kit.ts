import { act, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
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
  const send = (data: Record<string, unknown>, origin = window.location.origin, source: Window = fieldsWindow) =>
    act(() => void dispatch(data, origin, source));
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

/** Checkout.com Flow as card-fields-config names it (sandbox environment). */
export const CHECKOUT_FIELDS_CONFIG = { processor: 'checkout', publicKey: 'pk_sbox_flowtest', environment: 'sandbox' } as const;
/** A Payment Session as card/card-fields-session answers it. */
export const FLOW_SESSION = {
  paymentSession: {
    id: 'ps_2Un6I6lRpIAiIEwQIyxWVnV9CqQ',
    paymentSessionToken: 'YmFzZTY0:e30=',
    paymentSessionSecret: 'pss_9823241e-2cec-4c98-b23d-7b29ade9b05b',
  },
} as const;

type FlowAnswer = { token: string; last4?: string; bin?: string } | { error: string };

/**
 * Plays Checkout Web Components in jsdom: a `CheckoutWebComponents` global (so the vendor script
 * loader adds no script) whose `card` component mounts a stand-in of Flow's frames and answers
 * tokenize() with `answer`. What the page initialised Flow with is in `options`; `ready`,
 * `setValid` play Flow's callbacks. Call `remove()` after the test.
 */
export function fakeCheckoutFlow(settings: { answer?: FlowAnswer; available?: boolean } = {}) {
  let answer: FlowAnswer = settings.answer ?? { token: 'tok_flowcard0000000000000001', last4: '4242', bin: '424242' };
  let valid = false;
  const initialised: Array<Record<string, unknown>> = [];
  const mountedInto: HTMLElement[] = [];
  let unmounts = 0;
  let tokenizeCalls = 0;
  const component = {
    type: 'card',
    isAvailable: async () => settings.available ?? true,
    mount: (element: HTMLElement) => {
      mountedInto.push(element);
      const frame = document.createElement('iframe');
      frame.title = 'Checkout.com card fields';
      element.appendChild(frame);
    },
    unmount: () => {
      unmounts += 1;
    },
    isValid: () => valid,
    tokenize: async () => {
      tokenizeCalls += 1;
      if ('error' in answer) throw new Error(answer.error);
      return {
        type: 'card',
        data: { token: answer.token, ...(answer.last4 ? { last4: answer.last4 } : {}), ...(answer.bin ? { bin: answer.bin } : {}) },
      };
    },
  };
  const created: Array<{ type: string; options: Record<string, unknown> }> = [];
  (window as unknown as { CheckoutWebComponents?: unknown }).CheckoutWebComponents = async (options: Record<string, unknown>) => {
    initialised.push(options);
    return {
      create: (type: string, options: Record<string, unknown>) => {
        created.push({ type, options });
        return component;
      },
    };
  };
  const latest = () => initialised.at(-1)!;
  return {
    initialised,
    created,
    mountedInto,
    get unmounts() {
      return unmounts;
    },
    get tokenizeCalls() {
      return tokenizeCalls;
    },
    /** Flow's onReady. */
    ready: () => act(() => void (latest().onReady as () => void)()),
    /** The person typed a complete, valid card (or not): Flow's onChange. */
    setValid: (next: boolean) => {
      valid = next;
      return act(() => void (latest().onChange as (changed: unknown) => void)(component));
    },
    answerWith: (next: FlowAnswer) => {
      answer = next;
    },
    remove: () => {
      delete (window as unknown as { CheckoutWebComponents?: unknown }).CheckoutWebComponents;
    },
  };
}

/** Our own billing-address fields beside the card fields, filled as a person would. */
export async function fillBillingAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Ann');
  await user.type(screen.getByLabelText('Last name'), 'Lee');
  await user.type(screen.getByLabelText('Address'), '1 Main Street');
  await user.type(screen.getByLabelText('City'), 'Berlin');
  await user.type(screen.getByLabelText('Postal code'), '10115');
  await user.selectOptions(await screen.findByLabelText('Country'), 'DE');
}
