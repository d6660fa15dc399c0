import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError } from '@/test/routed-http-client';
import { captureToasts } from '@/test/toasts';
import { FIND, openConsole } from '../merchant-console-test-kit';

const toasts = captureToasts();
const ONCE = 'This secret is shown once. Store it on your server; never put it in a web page.';

describe('merchant-console API keys', { timeout: 20_000 }, () => {
  it('Create key shows the secret once, with Copy, and reads the list again', async () => {
    const { user, bodiesOf, queriesOf } = openConsole();
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('pk_sandbox_demoActiveSecret…a1b2');

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' }, FIND);
    expect(dialog).toHaveAccessibleDescription(ONCE);
    expect(dialog).toHaveTextContent('pk_sandbox_new1');
    expect(dialog).toHaveTextContent('sk_sandbox_secret1wxyz');
    await user.click(within(dialog).getByRole('button', { name: 'Copy the secret' }));
    expect(await navigator.clipboard.readText()).toBe('sk_sandbox_secret1wxyz');
    expect(within(dialog).getByText('Copied')).toBeInTheDocument();
    // No authenticator bound: no code is asked, none is sent.
    expect(bodiesOf(PATHS.merchantConsoleKeyCreate)).toEqual([{ merchantId: 'mch_sandboxdemo' }]);
    await waitFor(() => expect(queriesOf(PATHS.merchantConsoleKeys)).toHaveLength(2));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // Gone for good: the page keeps no copy of it.
    expect(screen.queryByText('sk_sandbox_secret1wxyz')).toBeNull();
    expect(screen.getByText('…wxyz')).toBeInTheDocument();
  });

  it('with an authenticator bound, asks its code and sends it with the change; a wrong code asks again', async () => {
    let wrong = true;
    const { user, bodiesOf } = openConsole({
      bound: true,
      routes: {
        [PATHS.merchantConsoleKeyCreate]: () => {
          if (wrong) throw businessError(PATHS.merchantConsoleKeyCreate, 'USE003000011');
          return {
            keyId: 'mkey_2',
            apiKey: 'pk_sandbox_two',
            secretHint: 'tttt',
            status: 'Active',
            createdAt: '2026-03-01T10:00:00.000Z',
            expiresAt: null,
            revokedAt: null,
            secret: 'sk_sandbox_twotttt',
          };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const code = await screen.findByRole('dialog', { name: 'Authenticator code' }, FIND);
    await user.type(within(code).getAllByRole('textbox')[0]!, '111111');
    expect(await within(code).findByText('This code is wrong. Enter the code your app shows now.')).toBeInTheDocument();

    wrong = false;
    await user.type(within(code).getAllByRole('textbox')[5]!, '{Backspace}');
    await user.type(within(code).getAllByRole('textbox')[0]!, '222222');
    expect(await screen.findByRole('dialog', { name: 'Your new API key' }, FIND)).toHaveTextContent('sk_sandbox_twotttt');
    expect(bodiesOf(PATHS.merchantConsoleKeyCreate)).toEqual([
      { merchantId: 'mch_sandboxdemo', otpType: 'GA_OTP', otpCode: '111111' },
      { merchantId: 'mch_sandboxdemo', otpType: 'GA_OTP', otpCode: '222222' },
    ]);
  });

  it('Roll asks how long the old key keeps working and sends it as expiresInHours', async () => {
    const { user, bodiesOf } = openConsole();
    await user.click(await screen.findByRole('button', { name: 'Roll the key pk_sandbox_demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll this key?' }, FIND);
    const choices = within(dialog).getByRole('group', { name: 'How long the old key keeps working' });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['It stops now', '1 hour', '24 hours', '72 hours']);
    expect(within(choices).getByRole('radio', { name: '24 hours' })).toBeChecked();
    await user.click(within(choices).getByRole('radio', { name: '1 hour' }));
    await user.click(within(dialog).getByRole('button', { name: 'Roll' }));

    expect(await screen.findByRole('dialog', { name: 'The key that replaces pk_sandbox_demo' }, FIND)).toHaveTextContent(
      'sk_sandbox_rolledrrrr',
    );
    expect(bodiesOf(PATHS.merchantConsoleKeyRoll)).toEqual([{ merchantId: 'mch_sandboxdemo', keyId: 'mkey_1', expiresInHours: 1 }]);
    expect(await screen.findByText(/Works until/)).toBeInTheDocument();
    expect(toasts).toContainEqual({ message: 'Key rolled', kind: 'success' });
  });

  it('Revoke asks first: Cancel keeps the key, Revoke stops it', async () => {
    const { user, bodiesOf } = openConsole();
    await user.click(await screen.findByRole('button', { name: 'Revoke the key pk_sandbox_demo' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke this key?' }, FIND);
    expect(confirm).toHaveTextContent('pk_sandbox_demo stops at once: links and transactions it signs are refused. This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf(PATHS.merchantConsoleKeyRevoke)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke the key pk_sandbox_demo' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke this key?' }, FIND);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(bodiesOf(PATHS.merchantConsoleKeyRevoke)).toEqual([{ merchantId: 'mch_sandboxdemo', keyId: 'mkey_1' }]);
    // A revoked key can be neither rolled nor revoked again.
    expect(screen.queryByRole('button', { name: 'Roll the key pk_sandbox_demo' })).toBeNull();
  });
});
