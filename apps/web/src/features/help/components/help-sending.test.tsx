import { act, screen, within } from '@testing-library/react';
import { HELP_DESK_URLS } from '@causeway/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, openHelpWidget } from '../help-desk-fixtures';
import { resetHelpWidgetState, setHelpSecondaryPage } from '../help-widget-store';
import { MESSAGE_50 } from './use-request-form-test-kit';

afterEach(() => act(() => resetHelpWidgetState()));

describe('a support request being sent', () => {
  it('keeps Back from leaving the form until the outcome shows, so it is never lost', async () => {
    const answer = deferred<unknown>();
    const { user } = await openHelpWidget({ [HELP_DESK_URLS.createRequest]: () => answer.promise });
    act(() => setHelpSecondaryPage({ type: 'support' }));
    const panel = within(screen.getByRole('dialog'));
    await user.type(await panel.findByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(panel.getByRole('textbox', { name: 'Message' }));
    await user.paste(MESSAGE_50);
    await user.click(panel.getByRole('button', { name: 'Send' }));

    const back = panel.getByRole('button', { name: 'Back' });
    expect(back).toHaveAttribute('aria-disabled', 'true');
    await user.click(back);
    expect(panel.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();

    await act(async () => answer.resolve({ request: { id: 7, status: 'new', subject: 'Ticket From jane@example.com' } }));
    expect(await panel.findByText(/Your request has been sent/)).toBeInTheDocument();
    expect(back).not.toHaveAttribute('aria-disabled');
    await user.click(back);
    expect(panel.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });
});
