import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { testI18n } from '@/test/render';
import type { Responder } from '@/test/routed-http-client';
import { loginErrorText } from '../login-errors';
import { IndividualLoginPage } from './login-page';
import { loginResult, openLogin, submitEmail, submitPassword } from './login-test-kit';

const LOCKED = 'Maximum attempts exceeded, try again in 1 hour';
const UNLOCK = 'If this is your account, check your email for a link to unlock sign-in.';
const INVALID = 'Invalid code. Please try again.';

/** The server's answer to a locked factor, or to too many checks from one address: 429 USE000002002. */
const locked = (path: string) => () =>
  Promise.reject(new ApiError({ kind: 'business', path, httpStatus: 429, code: 'USE000002002', msg: LOCKED }));

const open = (routes: Record<string, Responder>) =>
  openLogin(<IndividualLoginPage />, { path: '/:lng/login-v2', url: '/en/login-v2', routes });

describe('sign-in under a lock (issue 13: every second factor is counted)', () => {
  it('a locked password says so and, on its own line, where the unlock link went', async () => {
    const { user } = open({ [PATHS.passwordLogin]: locked(PATHS.passwordLogin) });
    await submitEmail(user);
    await submitPassword(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${LOCKED} ${UNLOCK}`);
    expect(alert.textContent).toBe(`${LOCKED}\n${UNLOCK}`);
    expect(alert).toHaveClass('whitespace-pre-line');
  });

  it('a locked email code says so under closed boxes, with the unlock line; typing on sends nothing', async () => {
    const { user, bodiesOf } = open({ [PATHS.loginWithVerifyCode]: locked(PATHS.loginWithVerifyCode) });
    await submitEmail(user);
    await user.click(await screen.findByRole('button', { name: 'Sign in with an email code instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check your email' });
    await user.click(within(dialog).getAllByRole('textbox')[0]!);
    await user.keyboard('123456');
    const reason = await within(dialog).findByText(
      (_, element) => element?.textContent === `${LOCKED}\n${UNLOCK}` && element.tagName === 'P',
    );
    expect(within(dialog).queryByText(INVALID)).not.toBeInTheDocument();
    for (const box of within(dialog).getAllByRole('textbox')) expect(box).toBeDisabled();
    await waitFor(() => expect(reason).toHaveFocus());
    await user.keyboard('654321');
    expect(bodiesOf(PATHS.loginWithVerifyCode)).toHaveLength(1);
  });

  it('a wrong email code still reads "invalid code" and leaves the boxes open', async () => {
    const wrong = () =>
      Promise.reject(
        new ApiError({ kind: 'business', path: PATHS.loginWithVerifyCode, httpStatus: 400, code: 'USE003000002', msg: INVALID }),
      );
    const { user } = open({ [PATHS.loginWithVerifyCode]: wrong });
    await submitEmail(user);
    await user.click(await screen.findByRole('button', { name: 'Sign in with an email code instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check your email' });
    await user.click(within(dialog).getAllByRole('textbox')[0]!);
    await user.keyboard('123456');
    expect(await within(dialog).findByText(INVALID)).toBeInTheDocument();
    for (const box of within(dialog).getAllByRole('textbox')) expect(box).toBeEnabled();
  });

  it('a locked authenticator at sign-in says so under closed boxes, without the unlock line (no email goes out for it)', async () => {
    const { user, bodiesOf } = open({
      [PATHS.passwordLogin]: () => loginResult({ status: 'NEED_GA', token: null, processToken: 'pt-42' }),
      [PATHS.verifyGaCode]: locked(PATHS.verifyGaCode),
    });
    await submitEmail(user);
    await submitPassword(user);
    const group = await screen.findByRole('group', { name: 'Authenticator code' });
    await user.click(within(group).getAllByRole('textbox')[0]!);
    await user.keyboard('654321');
    const reason = await screen.findByText(LOCKED);
    expect(screen.queryByText(UNLOCK, { exact: false })).not.toBeInTheDocument();
    for (const box of within(group).getAllByRole('textbox')) {
      expect(box).toBeDisabled();
      expect(box).toHaveAccessibleDescription(LOCKED);
    }
    await waitFor(() => expect(reason).toHaveFocus());
    await user.keyboard('111111');
    expect(bodiesOf(PATHS.verifyGaCode)).toHaveLength(1);
  });
});

describe('loginErrorText in Chinese', () => {
  const lock = new ApiError({ kind: 'business', path: PATHS.passwordLogin, httpStatus: 429, code: 'USE000002002', msg: LOCKED });
  const t = testI18n('zh').t;

  it('words a first-factor lock and its unlock line in Chinese, an authenticator lock without the line', () => {
    expect(loginErrorText(lock, t, 'first')).toBe('尝试次数过多，请 1 小时后再试\n如果这是您的账户，请查看邮箱中的解锁登录链接。');
    expect(loginErrorText(lock, t, 'authenticator')).toBe('尝试次数过多，请 1 小时后再试');
  });

  it('words a rate limit (REQ0000429) with the wait its Retry-After asked for', () => {
    const limited = new ApiError({
      kind: 'business',
      path: PATHS.sendVerifyCode,
      httpStatus: 429,
      code: 'REQ0000429',
      msg: 'Too many',
      retryAfterSeconds: 1200,
    });
    expect(loginErrorText(limited, t)).toBe('请求过于频繁，请 20 分钟后再试。');
  });
});
