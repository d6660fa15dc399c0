import { type KycAccessTokenResult, PATHS } from '@causeway/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { leaveAppFor } from '@/lib/leave-app';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { launchSumsub } from '@/shared/sumsub-websdk';
import { HostedVerificationPage } from './hosted-verification-page';

vi.mock('@/lib/leave-app');
vi.mock('@/shared/sumsub-websdk');

const SANDBOX_TOKEN: KycAccessTokenResult = {
  provider: 'sandbox',
  token: 'abc',
  url: '/sandbox/kyc/verify?token=abc',
  applicantId: 'app-1',
  expiresInSeconds: 600,
};
const sumsubToken = (token = 'sumsub-token-1'): KycAccessTokenResult => ({
  provider: 'sumsub',
  token,
  url: null,
  applicantId: 'app-1',
  expiresInSeconds: 600,
});

/** The sandbox page with the way back: account-status, told the person comes from the vendor. */
const SANDBOX_HANDOVER = '/sandbox/kyc/verify?token=abc&returnUrl=%2Fen%2Faccount-status%3FfromVendor%3D1';
const FAILED = 'The verification could not be opened. Please try again.';

function openHosted(routes: Record<string, Responder>, page: 'sumsub' | 'sumsub-webview' = 'sumsub') {
  const fake = routedHttpClient(routes);
  const view = renderPage(<HostedVerificationPage />, { path: `/:lng/${page}`, url: `/en/${page}`, client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

const callsTo = (calls: Array<{ path: string }>, path: string) => calls.filter((c) => c.path === path);
/** The input of the (only) launchSumsub call. */
const launchInput = () => vi.mocked(launchSumsub).mock.calls[0]![0];

afterEach(() => {
  vi.mocked(leaveAppFor).mockReset();
  vi.mocked(launchSumsub).mockReset();
});

describe('hosted verification page (sumsub, sumsub-webview)', () => {
  it.each(['sumsub', 'sumsub-webview'] as const)(
    '%s: hands over to the sandbox vendor page, asking it to return to account-status',
    async (page) => {
      const { calls } = openHosted({ [PATHS.kycAccessToken]: () => SANDBOX_TOKEN }, page);
      expect(screen.getByRole('status')).toHaveTextContent('Opening the verification…');
      await waitFor(() => expect(leaveAppFor).toHaveBeenCalledTimes(1));
      expect(leaveAppFor).toHaveBeenCalledWith(SANDBOX_HANDOVER);
      expect(launchSumsub).not.toHaveBeenCalled();
      expect(callsTo(calls, PATHS.kycAccessToken)).toEqual([expect.objectContaining({ method: 'GET' })]);
    },
  );

  it('shows the error view when the access token fails; Try again asks for it again, and a link leads back to account-status', async () => {
    let fail = true;
    const { user, calls } = openHosted({
      [PATHS.kycAccessToken]: () => (fail ? Promise.reject(businessError(PATHS.kycAccessToken, 'KYC000000500')) : SANDBOX_TOKEN),
    });
    expect(await screen.findByRole('heading', { level: 1, name: FAILED })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the verification status' })).toHaveAttribute('href', '/en/account-status');
    expect(leaveAppFor).not.toHaveBeenCalled();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith(SANDBOX_HANDOVER));
    expect(callsTo(calls, PATHS.kycAccessToken)).toHaveLength(2);
  });

  it('a refused access token by the per-person limit (429 REQ0000429) says when to try again', async () => {
    openHosted({
      [PATHS.kycAccessToken]: () =>
        Promise.reject(
          new ApiError({
            kind: 'business',
            path: PATHS.kycAccessToken,
            httpStatus: 429,
            code: 'REQ0000429',
            msg: 'Too many verification requests',
            retryAfterSeconds: 420,
          }),
        ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: FAILED })).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Try again in 7 minutes.')).toBeInTheDocument();
    expect(screen.queryByText('Too many verification requests')).not.toBeInTheDocument();
  });

  it('the link of the error view goes back to account-status', async () => {
    const { user } = openHosted({ [PATHS.kycAccessToken]: () => Promise.reject(businessError(PATHS.kycAccessToken, 'KYC000000500')) });
    await user.click(await screen.findByRole('link', { name: 'Back to the verification status' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/account-status');
  });

  describe('with Sumsub', () => {
    it('launches the WebSDK in place with the access token, and refreshes the token through get-access-token', async () => {
      vi.mocked(launchSumsub).mockResolvedValue(undefined);
      let issued = 0;
      const { calls } = openHosted({ [PATHS.kycAccessToken]: () => sumsubToken(`sumsub-token-${++issued}`) });
      await waitFor(() => expect(launchSumsub).toHaveBeenCalledTimes(1));
      const input = launchInput();
      expect(input).toMatchObject({ accessToken: 'sumsub-token-1', lang: 'en', dark: false });
      expect(document.querySelector(input.selector)).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(leaveAppFor).not.toHaveBeenCalled();

      await expect(input.refreshToken()).resolves.toBe('sumsub-token-2');
      expect(callsTo(calls, PATHS.kycAccessToken)).toHaveLength(2);
    });

    it('uses Sumsub\'s dark theme when the app\'s theme is dark (<html data-theme="dark">)', async () => {
      vi.mocked(launchSumsub).mockResolvedValue(undefined);
      document.documentElement.dataset.theme = 'dark';
      try {
        openHosted({ [PATHS.kycAccessToken]: () => sumsubToken() });
        await waitFor(() => expect(launchSumsub).toHaveBeenCalledTimes(1));
        expect(launchInput()).toMatchObject({ dark: true });
      } finally {
        delete document.documentElement.dataset.theme;
      }
    });

    it("uses the light theme when the app's theme is light, whatever classes <html> has", async () => {
      vi.mocked(launchSumsub).mockResolvedValue(undefined);
      document.documentElement.dataset.theme = 'light';
      document.documentElement.classList.add('dark');
      try {
        openHosted({ [PATHS.kycAccessToken]: () => sumsubToken() });
        await waitFor(() => expect(launchSumsub).toHaveBeenCalledTimes(1));
        expect(launchInput()).toMatchObject({ dark: false });
      } finally {
        delete document.documentElement.dataset.theme;
        document.documentElement.classList.remove('dark');
      }
    });

    it('once the person submitted: asks for the review (upd-kyc-status) and goes to account-status', async () => {
      vi.mocked(launchSumsub).mockResolvedValue(undefined);
      const { calls } = openHosted({
        [PATHS.kycAccessToken]: () => sumsubToken(),
        [PATHS.updateKycStatus]: () => accountOverview({}, { kycStatus: 'Pending' }),
      });
      await waitFor(() => expect(launchSumsub).toHaveBeenCalledTimes(1));
      expect(callsTo(calls, PATHS.updateKycStatus)).toEqual([]);
      act(() => launchInput().onSubmitted());
      expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/account-status?fromVendor=1');
      expect(callsTo(calls, PATHS.updateKycStatus)).toEqual([expect.objectContaining({ method: 'POST', body: undefined })]);
    });

    it('goes to account-status after the submission even when upd-kyc-status fails', async () => {
      vi.mocked(launchSumsub).mockResolvedValue(undefined);
      const { calls } = openHosted({
        [PATHS.kycAccessToken]: () => sumsubToken(),
        [PATHS.updateKycStatus]: () => Promise.reject(businessError(PATHS.updateKycStatus, 'KYC000000500')),
      });
      await waitFor(() => expect(launchSumsub).toHaveBeenCalledTimes(1));
      act(() => launchInput().onSubmitted());
      expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/account-status?fromVendor=1');
      expect(callsTo(calls, PATHS.updateKycStatus)).toHaveLength(1);
    });

    it('shows the error view when the WebSDK cannot load, and Try again launches it with a new token', async () => {
      vi.mocked(launchSumsub).mockRejectedValueOnce(new Error('the Sumsub WebSDK script did not load')).mockResolvedValue(undefined);
      let issued = 0;
      const { user } = openHosted({ [PATHS.kycAccessToken]: () => sumsubToken(`sumsub-token-${++issued}`) });
      expect(await screen.findByRole('heading', { level: 1, name: FAILED })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(launchSumsub).toHaveBeenCalledTimes(2));
      expect(vi.mocked(launchSumsub).mock.calls[1]![0].accessToken).toBe('sumsub-token-2');
      expect(screen.queryByRole('heading', { level: 1, name: FAILED })).not.toBeInTheDocument();
    });

    it("shows the error view on the WebSDK's own error event", async () => {
      vi.mocked(launchSumsub).mockResolvedValue(undefined);
      openHosted({ [PATHS.kycAccessToken]: () => sumsubToken() });
      await waitFor(() => expect(launchSumsub).toHaveBeenCalledTimes(1));
      act(() => launchInput().onError(new Error('idCheck.onError')));
      expect(await screen.findByRole('heading', { level: 1, name: FAILED })).toBeInTheDocument();
    });
  });
});
