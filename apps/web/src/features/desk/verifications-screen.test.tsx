import { type DeskVerification, PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/date-format';
import { businessError, type Responder, type routedHttpClient } from '@/test/routed-http-client';
import { openDeskAt } from './desk-test-kit';

// docs/rules/operator-desk.md "Verifications": the KYC and KYB reviews left for a person, and the decision sent to the vendor.

const AT = '2026-03-02T10:00:00.000Z';
const ANN: DeskVerification = {
  subject: 'kyc',
  userId: 'usr_ann',
  email: 'ann@causeway.test',
  name: 'Ann Example',
  country: 'DE',
  status: 'Pending',
  provider: 'sandbox',
  applicantId: 'app_ann_1',
  waitingSince: AT,
  decision: null,
};
const SHOP: DeskVerification = {
  subject: 'kyb',
  userId: 'usr_shop',
  email: 'shop@causeway.test',
  name: 'Shop GmbH',
  country: 'PL',
  status: 'onHold',
  provider: 'sumsub',
  applicantId: 'app_shop_1',
  waitingSince: AT,
  decision: null,
};
const SENT: DeskVerification['decision'] = {
  decision: 'approve',
  reason: null,
  note: null,
  by: 'Demo admin',
  at: '2026-03-03T09:00:00.000Z',
};

const sentOf = (body: { subject: string; userId: string; decision: string }) => ({
  subject: body.subject,
  userId: body.userId,
  decision: body.decision,
  sentAt: '2026-03-03T09:00:00.000Z',
});

function openScreen(routes: Record<string, Responder> = {}, role: 'compliance' | 'admin' = 'compliance') {
  const waiting = { verifications: [ANN, SHOP] };
  const view = openDeskAt('/en/desk/verifications', role, {
    [PATHS.deskVerificationsWaiting]: () => waiting,
    [PATHS.deskVerificationDecide]: sentOf,
    ...routes,
  });
  return { ...view, waiting };
}

const listReads = (fake: ReturnType<typeof routedHttpClient>) => fake.calls.filter((c) => c.path === PATHS.deskVerificationsWaiting).length;

/** The list item of the review titled `name`. */
const itemOf = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('li') as HTMLElement;

/** The confirmation dialog is a lazy chunk: its first opening may take longer than 1 s on a loaded machine. */
const SLOW = { timeout: 5000 };

describe('the Verifications screen', () => {
  it('lists identities and businesses apart, with their status, vendor and waiting time', async () => {
    openScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifications' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Desk sections' });
    expect(within(menu).getByRole('link', { name: 'Verifications' })).toHaveAttribute('aria-current', 'page');
    // Right after Orders waiting in the menu.
    const entries = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(entries.indexOf('Verifications')).toBe(entries.indexOf('Orders waiting') + 1);

    const ann = await itemOf('Ann Example');
    const people = screen.getByRole('region', { name: 'Identity — people' });
    const businesses = screen.getByRole('region', { name: 'Businesses' });
    expect(people).toContainElement(ann);
    expect(within(ann).getByText('ann@causeway.test')).toBeInTheDocument();
    expect(within(ann).getByText('DE')).toBeInTheDocument();
    expect(within(ann).getByText('Under review')).toBeInTheDocument();
    expect(within(ann).getByText('sandbox applicant app_ann_1')).toBeInTheDocument();
    expect(within(ann).getByText('Waiting since').nextElementSibling).toHaveTextContent(formatDateTime(AT, 'en'));
    const shop = await itemOf('Shop GmbH');
    expect(businesses).toContainElement(shop);
    expect(within(shop).getByText('Held for a person')).toBeInTheDocument();
    expect(within(shop).getByText('sumsub applicant app_shop_1')).toBeInTheDocument();
    expect(within(shop).getByRole('button', { name: 'Decide on Shop GmbH' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when nothing waits', async () => {
    openScreen({ [PATHS.deskVerificationsWaiting]: () => ({ verifications: [] }) });
    expect(await screen.findByText('No identity verification is waiting.')).toBeInTheDocument();
    expect(screen.getByText('No business verification is waiting.')).toBeInTheDocument();
  });

  it('approves with an optional note, says it was sent, and reads the list again', async () => {
    const user = userEvent.setup();
    const { fake, waiting } = openScreen({
      [PATHS.deskVerificationDecide]: (body: { subject: 'kyc'; userId: string; decision: 'approve' }) => {
        waiting.verifications = [{ ...ANN, decision: SENT }, SHOP];
        return sentOf(body);
      },
    });
    const ann = await itemOf('Ann Example');
    await user.click(within(ann).getByRole('button', { name: 'Decide on Ann Example' }));
    const form = within(ann).getByRole('form', { name: 'Decision on Ann Example' });
    expect(within(form).getByRole('radio', { name: /Approve/ })).toBeChecked();
    const readsBefore = listReads(fake);
    await user.click(within(form).getByRole('button', { name: 'Send the approval' }));

    expect(await screen.findByText(/^Sent to the vendor: Approve for Ann Example\./)).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskVerificationDecide)).toEqual([{ subject: 'kyc', userId: 'usr_ann', decision: 'approve' }]);
    await waitFor(() => expect(listReads(fake)).toBeGreaterThan(readsBefore));
    // Read again: the decision is with the vendor, and no second one is offered.
    expect(await within(ann).findByText(/^Decision sent: Approve by Demo admin at /)).toBeInTheDocument();
    expect(within(ann).queryByRole('button')).not.toBeInTheDocument();
  });

  it('rejects only with a note, confirmed first, sending the fraud reason', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen();
    const shop = await itemOf('Shop GmbH');
    await user.click(within(shop).getByRole('button', { name: 'Decide on Shop GmbH' }));
    expect(within(shop).getByRole('button', { name: 'Decide on Shop GmbH' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(shop).getByRole('radio', { name: /Reject/ }));
    await user.selectOptions(within(shop).getByLabelText('Fraud reason'), 'Forged document');

    // No note: said at the note, nothing asked or sent.
    await user.click(within(shop).getByRole('button', { name: 'Reject…' }));
    const note = within(shop).getByLabelText('Note (required)');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(within(shop).getByText('Write why in the note: a rejection or a request for documents needs one.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.bodiesOf(PATHS.deskVerificationDecide)).toEqual([]);

    await user.type(note, '  The registry extract was altered  ');
    await user.click(within(shop).getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this verification?' }, SLOW);
    expect(fake.bodiesOf(PATHS.deskVerificationDecide)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/^Sent to the vendor: Reject for Shop GmbH\./, {}, SLOW)).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskVerificationDecide)).toEqual([
      { subject: 'kyb', userId: 'usr_shop', decision: 'reject', reason: 'documentForgery', note: 'The registry extract was altered' },
    ]);
  });

  it('a rejection that is cancelled sends nothing; "no fraud reason" sends none', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen();
    const ann = await itemOf('Ann Example');
    await user.click(within(ann).getByRole('button', { name: 'Decide on Ann Example' }));
    await user.click(within(ann).getByRole('radio', { name: /Reject/ }));
    expect(within(ann).getByLabelText('Fraud reason')).toHaveValue('');
    await user.type(within(ann).getByLabelText('Note (required)'), 'Not the same person as the selfie');
    await user.click(within(ann).getByRole('button', { name: 'Reject…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject this verification?' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.bodiesOf(PATHS.deskVerificationDecide)).toEqual([]);

    await user.click(within(ann).getByRole('button', { name: 'Reject…' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject this verification?' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(fake.bodiesOf(PATHS.deskVerificationDecide)).toEqual([
        { subject: 'kyc', userId: 'usr_ann', decision: 'reject', note: 'Not the same person as the selfie' },
      ]),
    );
  });

  it('asks for documents again only of an identity, and only with a note', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen();
    const shop = await itemOf('Shop GmbH');
    await user.click(within(shop).getByRole('button', { name: 'Decide on Shop GmbH' }));
    expect(
      within(shop)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['approve', 'reject']);

    const ann = await itemOf('Ann Example');
    await user.click(within(ann).getByRole('button', { name: 'Decide on Ann Example' }));
    expect(
      within(ann)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['approve', 'reject', 'askAgain']);
    await user.click(within(ann).getByRole('radio', { name: /Ask for documents again/ }));
    expect(within(ann).queryByLabelText('Fraud reason')).not.toBeInTheDocument();
    await user.click(within(ann).getByRole('button', { name: 'Ask for documents again' }));
    expect(within(ann).getByLabelText('Note (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.bodiesOf(PATHS.deskVerificationDecide)).toEqual([]);

    await user.type(within(ann).getByLabelText('Note (required)'), 'The passport photo is blurred');
    await user.click(within(ann).getByRole('button', { name: 'Ask for documents again' }));
    expect(await screen.findByText(/^Sent to the vendor: Ask for documents again for Ann Example\./)).toBeInTheDocument();
    expect(fake.bodiesOf(PATHS.deskVerificationDecide)).toEqual([
      { subject: 'kyc', userId: 'usr_ann', decision: 'askAgain', note: 'The passport photo is blurred' },
    ]);
  });

  it('shows a decision already sent instead of the actions', async () => {
    openScreen({ [PATHS.deskVerificationsWaiting]: () => ({ verifications: [{ ...ANN, decision: SENT }, SHOP] }) });
    const ann = await itemOf('Ann Example');
    expect(within(ann).getByText(/^Decision sent: Approve by Demo admin at .+, waiting for the vendor's answer\.$/)).toBeInTheDocument();
    expect(within(ann).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await itemOf('Shop GmbH')).getByRole('button', { name: 'Decide on Shop GmbH' })).toBeInTheDocument();
  });

  it("says another operator's decision is on its way (DSK0000025) and reads the list again", async () => {
    const user = userEvent.setup();
    const { fake, waiting } = openScreen({
      [PATHS.deskVerificationDecide]: () => {
        waiting.verifications = [{ ...ANN, decision: SENT }, SHOP];
        throw businessError(PATHS.deskVerificationDecide, 'DSK0000025');
      },
    });
    const ann = await itemOf('Ann Example');
    await user.click(within(ann).getByRole('button', { name: 'Decide on Ann Example' }));
    const readsBefore = listReads(fake);
    await user.click(within(ann).getByRole('button', { name: 'Send the approval' }));
    expect(
      await screen.findByText(
        "Another operator's decision on this verification is already with the vendor. Its answer will settle it; the list is refreshed.",
      ),
    ).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(listReads(fake)).toBeGreaterThan(readsBefore));
    expect(await within(ann).findByText(/^Decision sent: Approve by Demo admin/)).toBeInTheDocument();
  });

  it('says a review that no longer waits (DSK0000021), reads the list again; Refresh reads it too', async () => {
    const user = userEvent.setup();
    const { fake, waiting } = openScreen({
      [PATHS.deskVerificationDecide]: () => {
        waiting.verifications = [SHOP];
        throw businessError(PATHS.deskVerificationDecide, 'DSK0000021');
      },
    });
    const ann = await itemOf('Ann Example');
    await user.click(within(ann).getByRole('button', { name: 'Decide on Ann Example' }));
    await user.click(within(ann).getByRole('button', { name: 'Send the approval' }));
    expect(await screen.findByText(/^It no longer waits/)).toHaveAttribute('role', 'alert');
    expect(await screen.findByText('No identity verification is waiting.')).toBeInTheDocument();

    const readsBefore = listReads(fake);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listReads(fake)).toBe(readsBefore + 1));
  });

  it('says another refusal at the form, where the decision stays open', async () => {
    const user = userEvent.setup();
    openScreen({
      [PATHS.deskVerificationDecide]: () => {
        throw businessError(PATHS.deskVerificationDecide, 'DSK0000004');
      },
    });
    const ann = await itemOf('Ann Example');
    await user.click(within(ann).getByRole('button', { name: 'Decide on Ann Example' }));
    await user.click(within(ann).getByRole('button', { name: 'Send the approval' }));
    expect(await within(ann).findByText('Your role may not do this.')).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(/^Sent to the vendor/)).not.toBeInTheDocument();
    expect(within(ann).getByRole('form', { name: 'Decision on Ann Example' })).toBeInTheDocument();
  });

  it('is not offered to support, whose role decides no reviews', async () => {
    const { fake } = openDeskAt('/en/desk/verifications', 'support', {
      [PATHS.deskPeople]: () => ({ total: 0, page: 1, pageSize: 20, people: [] }),
    });
    const menu = await screen.findByRole('navigation', { name: 'Desk sections' });
    expect(within(menu).queryByRole('link', { name: 'Verifications' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'People' })).toHaveAttribute('aria-current', 'page');
    expect(fake.calls.map((call) => call.path)).not.toContain(PATHS.deskVerificationsWaiting);
  });
});
