import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { createAuthenticatorApi, type AuthenticatorApi } from '@/lib/authenticator-api';
import { DownloadAppModal } from './download-app-modal';
import { loadDialogShell } from '@/ui';

// The dialog's chunk is there already, as once a page has been idle: these tests are about what the
// dialog holds (opening before the chunk arrives is ui/lazy-dialog-shell.test.tsx's).
beforeAll(async () => {
  await loadDialogShell();
});

const STORES = {
  Android: {
    url: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2',
    qr: 'data:image/png;base64,QU5E+/=',
  },
  IOS: { url: 'https://apps.apple.com/app/google-authenticator/id388497605', qr: 'data:image/png;base64,SU9T+/=' },
} as const;

function Harness({ api }: { api: AuthenticatorApi }) {
  const [open, setOpen] = useState(true);
  return <DownloadAppModal open={open} api={api} onClose={() => setOpen(false)} />;
}

const open = () => {
  const fake = routedHttpClient({
    // The server sends the QR image URL-encoded.
    [PATHS.downloadAppQrCode]: ({ clientType }: { clientType: keyof typeof STORES }) => [
      { clientType, url: STORES[clientType].url, qrCode: encodeURIComponent(STORES[clientType].qr) },
    ],
  });
  renderPage(<Harness api={createAuthenticatorApi(fake.client)} />, { path: '/', url: '/' });
  return { ...fake, user: userEvent.setup() };
};

const dialog = () => screen.getByRole('dialog', { name: 'Download an authenticator app' });
const qr = () => within(dialog()).findByRole('img', { name: 'QR code of the app store page' });

describe('DownloadAppModal', () => {
  it('opens on the Android tab with its decoded 180×180 QR code and Google Play badge', async () => {
    const { bodiesOf } = open();
    expect(within(dialog()).getByRole('tab', { name: 'Android' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog()).getByRole('tab', { name: 'iOS' })).toHaveAttribute('aria-selected', 'false');

    const image = await qr();
    expect(image).toHaveAttribute('src', STORES.Android.qr);
    expect(image).toHaveAttribute('width', '180');
    expect(image).toHaveAttribute('height', '180');
    const badge = within(dialog()).getByRole('link', { name: 'Get it on Google Play' });
    expect(badge).toHaveAttribute('href', STORES.Android.url);
    expect(badge).toHaveAttribute('target', '_blank');
    expect(bodiesOf(PATHS.downloadAppQrCode)).toEqual([{ clientType: 'Android', qrCodeWidth: 180, qrCodeHeight: 180 }]);
  });

  it('loads the iOS QR code and App Store badge when the iOS tab is chosen', async () => {
    const { user, bodiesOf } = open();
    await qr();
    await user.click(within(dialog()).getByRole('tab', { name: 'iOS' }));
    expect(within(dialog()).getByRole('tab', { name: 'iOS' })).toHaveAttribute('aria-selected', 'true');

    expect(await within(dialog()).findByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', STORES.IOS.url);
    expect(await qr()).toHaveAttribute('src', STORES.IOS.qr);
    expect(bodiesOf(PATHS.downloadAppQrCode)).toEqual([
      { clientType: 'Android', qrCodeWidth: 180, qrCodeHeight: 180 },
      { clientType: 'IOS', qrCodeWidth: 180, qrCodeHeight: 180 },
    ]);
  });

  it('closes on OK', async () => {
    const { user } = open();
    await user.click(within(dialog()).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
