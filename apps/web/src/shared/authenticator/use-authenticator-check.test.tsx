import { PATHS } from '@causeway/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createAuthenticatorApi } from '@/lib/authenticator-api';
import { renderWithI18n } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { useAuthenticatorCheck } from './use-authenticator-check';

function Harness({
  client,
  isRoma = false,
  onFailed,
}: {
  client: ReturnType<typeof routedHttpClient>['client'];
  isRoma?: boolean;
  onFailed?: () => void;
}) {
  const { check, element } = useAuthenticatorCheck(createAuthenticatorApi(client), { isRoma, onFailed });
  const [result, setResult] = useState('');
  return (
    <>
      <button type="button" onClick={async () => setResult(JSON.stringify(await check('SELL')))}>
        Sell
      </button>
      <output>{result}</output>
      {element}
    </>
  );
}

/** The bind modal's download step queries, so the harness needs a query client like the app has. */
const renderHarness = (props: Parameters<typeof Harness>[0]) =>
  renderWithI18n(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness {...props} />
    </QueryClientProvider>,
  );

const statusAnswer = (bindStatus: string, otpStep: string) => () => ({ bindStatus, otpStep, email: 'ann@example.com' });

describe('useAuthenticatorCheck', () => {
  it('skips the modal for skip-otp and for the Roma channel', async () => {
    const http = routedHttpClient({ [PATHS.authenticatorBindingStatus]: statusAnswer('BINDED', 'skip-otp') });
    renderHarness({ client: http.client });
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('{"outcome":"skipped"}'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks a bound user for the code: FAILED calls onFailed and keeps the modal; SUCCESS resolves with the proof', async () => {
    let answer = { status: 'FAILED', tokenVo: null } as object;
    const http = routedHttpClient({
      [PATHS.authenticatorBindingStatus]: statusAnswer('BINDED', 'verify-otp'),
      [PATHS.verifyOtp]: () => answer,
    });
    const onFailed = vi.fn();
    const user = userEvent.setup();
    renderHarness({ client: http.client, onFailed });
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await screen.findByRole('dialog', { name: 'Authenticator code' });
    await user.keyboard('111111');
    await screen.findByText('Invalid code. Please try again.');
    expect(onFailed).toHaveBeenCalledTimes(1);

    answer = { status: 'SUCCESS', tokenVo: { token: 'proof', validTime: 300 } };
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('{Backspace}222222');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('"outcome":"verified"'));
    expect(screen.getByRole('status')).toHaveTextContent('"token":"proof"');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      http.calls.filter((c) => c.path === PATHS.verifyOtp).map((c) => (c.options as { query: { verifyCode: string } }).query.verifyCode),
    ).toEqual(['111111', '222222']);
  });

  it('opens the bind modal for someone without an authenticator, and closing it cancels', async () => {
    const http = routedHttpClient({ [PATHS.authenticatorBindingStatus]: statusAnswer('NONE', 'bind-otp') });
    const user = userEvent.setup();
    renderHarness({ client: http.client });
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up your authenticator' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('{"outcome":"cancelled"}'));
    expect(dialog).not.toBeInTheDocument();
  });
});
