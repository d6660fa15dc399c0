import { PATHS } from '@causeway/contracts';
import type { Language } from '@causeway/translations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthenticatorApi } from '@/lib/authenticator-api';
import { ApiError } from '@/lib/http-errors';
import { renderWithI18n } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import { AuthenticatorVerifyModal } from './authenticator-verify-modal';
import { loadDialogShell } from '@/ui';

// The dialog's chunk is there already, as once a page has been idle: these tests are about what the
// dialog holds (opening before the chunk arrives is ui/lazy-dialog-shell.test.tsx's).
beforeAll(async () => {
  await loadDialogShell();
});

/** What the server answers a locked authenticator (or too many checks from one address): 429 USE000002002. */
const lockedAnswer = () =>
  Promise.reject(
    new ApiError({
      kind: 'business',
      path: PATHS.verifyOtp,
      httpStatus: 429,
      code: 'USE000002002',
      msg: 'Maximum attempts exceeded, try again in 1 hour',
    }),
  );

const TEXTS = {
  en: { title: 'Authenticator code', locked: 'Maximum attempts exceeded, try again in 1 hour', invalid: 'Invalid code. Please try again.' },
  zh: { title: '身份验证器验证码', locked: '尝试次数过多，请 1 小时后再试', invalid: '验证码无效，请重试。' },
} as const;

function open(verifyOtp: Responder, lng: Language = 'en') {
  const http = routedHttpClient({ [PATHS.verifyOtp]: verifyOtp });
  const onFailed = vi.fn();
  const onVerified = vi.fn();
  // The verify call is a mutation: it runs inside a query client, as everywhere in the app.
  renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <AuthenticatorVerifyModal
        api={createAuthenticatorApi(http.client)}
        scenario="BUY"
        onVerified={onVerified}
        onFailed={onFailed}
        onClose={() => {}}
      />
    </QueryClientProvider>,
    undefined,
    lng,
  );
  return { http, onFailed, onVerified, user: userEvent.setup() };
}

const dialog = (lng: Language = 'en') => screen.getByRole('dialog', { name: TEXTS[lng].title });
const boxes = (lng: Language = 'en') => within(dialog(lng)).getAllByRole('textbox');

describe('AuthenticatorVerifyModal', () => {
  it.each(['en', 'zh'] as const)(
    'a 429 lock (%s) shows the lock text, not "invalid code", closes the boxes and moves focus to the reason',
    async (lng) => {
      const { user, onFailed, http } = open(lockedAnswer, lng);
      await user.keyboard('123456');
      const reason = await within(dialog(lng)).findByText(TEXTS[lng].locked);
      expect(within(dialog(lng)).queryByText(TEXTS[lng].invalid)).not.toBeInTheDocument();
      expect(onFailed).toHaveBeenCalledTimes(1);
      for (const box of boxes(lng)) {
        expect(box).toBeDisabled();
        expect(box).toHaveAccessibleDescription(TEXTS[lng].locked);
      }
      await waitFor(() => expect(reason).toHaveFocus());
      // Typing on reaches no box and sends nothing more.
      await user.keyboard('654321');
      expect(http.calls).toHaveLength(1);
      expect(reason).toHaveTextContent(TEXTS[lng].locked);
    },
  );

  it('a wrong code (FAILED) still says "invalid code" and leaves the boxes open for another try', async () => {
    const { user, onFailed } = open(() => ({ status: 'FAILED', tokenVo: null }));
    await user.keyboard('123456');
    expect(await within(dialog()).findByText(TEXTS.en.invalid)).toBeInTheDocument();
    expect(onFailed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(boxes()).toContain(document.activeElement));
    for (const box of boxes()) expect(box).toBeEnabled();
  });

  it('a rate limit (REQ0000429) says when to try again from its Retry-After; no answer says so', async () => {
    let answer: Responder = () =>
      Promise.reject(
        new ApiError({
          kind: 'business',
          path: PATHS.verifyOtp,
          httpStatus: 429,
          code: 'REQ0000429',
          msg: 'Too many',
          retryAfterSeconds: 290,
        }),
      );
    const { user } = open((body) => answer(body));
    await user.keyboard('123456');
    expect(await within(dialog()).findByText('Too many requests. Try again in 5 minutes.')).toBeInTheDocument();
    for (const box of boxes()) expect(box).toBeEnabled();

    answer = () => Promise.reject(new ApiError({ kind: 'network', path: PATHS.verifyOtp, msg: 'Network error' }));
    await user.click(boxes()[0]!);
    await user.keyboard('{Backspace}111111');
    expect(await within(dialog()).findByText('No response from server, check the order at the history page')).toBeInTheDocument();
  });
});
