import { PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, MESSAGE_50, openForm, type requestAnswer } from './use-request-form-test-kit';

const ERRORS = {
  emailrequired: 'Please enter your email.',
  invalidemail: 'Please enter a valid email address.',
  msgrequired: 'Please enter a message.',
  msgtooshort: 'Please write at least 50 characters.',
};

describe('SupportForm fields and validation (docs/rules/validation.md)', () => {
  it('shows labelled email, optional topic, message and attachments, with submit inert while empty', () => {
    const form = openForm('support');
    expect(screen.getByRole('form', { name: 'Contact support' })).toBeInTheDocument();
    expect(form.email()).toHaveAttribute('type', 'email');
    expect(form.email()).toHaveValue('');
    expect(form.topic()).toHaveValue('');
    expect(form.message()).toHaveAccessibleDescription('At least 50 characters');
    expect(screen.getByText('0/50')).toBeInTheDocument();
    expect(form.fileInput()).toHaveAttribute('type', 'file');
    expect(form.submitButton()).toHaveTextContent('Send');
    expect(form.submitButton()).toHaveAttribute('aria-disabled', 'true');
    // A pristine form is not covered in red.
    expect(screen.queryByText(ERRORS.emailrequired)).not.toBeInTheDocument();
  });

  it('prefills the email from the shared email cookie', () => {
    document.cookie = `email=${encodeURIComponent('saved@example.com')}; path=/`;
    const form = openForm('support');
    expect(form.email()).toHaveValue('saved@example.com');
  });

  it('says emailrequired once the empty email is left, and when it is cleared after typing', async () => {
    const form = openForm('support');
    await form.user.click(form.email());
    await form.user.tab();
    expect(screen.getByText(ERRORS.emailrequired)).toBeInTheDocument();
    expect(form.email()).toHaveAttribute('aria-invalid', 'true');
    expect(form.email()).toHaveAccessibleDescription(ERRORS.emailrequired);
    await form.user.type(form.email(), 'a');
    expect(screen.queryByText(ERRORS.emailrequired)).not.toBeInTheDocument();
    await form.user.clear(form.email());
    expect(screen.getByText(ERRORS.emailrequired)).toBeInTheDocument();
  });

  it('says invalidemail for a malformed address and clears it once valid', async () => {
    const form = openForm('support');
    await form.fill(form.email(), 'jane.doe@example');
    expect(screen.getByText(ERRORS.invalidemail)).toBeInTheDocument();
    await form.fill(form.message(), MESSAGE_50);
    expect(form.submitButton()).toHaveAttribute('aria-disabled', 'true');
    await form.user.type(form.email(), '.com');
    expect(screen.queryByText(ERRORS.invalidemail)).not.toBeInTheDocument();
    expect(form.submitButton()).not.toHaveAttribute('aria-disabled');
  });

  it('says msgrequired for an empty message once left', async () => {
    const form = openForm('support');
    await form.user.click(form.message());
    await form.user.tab();
    expect(screen.getByText(ERRORS.msgrequired)).toBeInTheDocument();
    expect(form.message()).toHaveAttribute('aria-invalid', 'true');
  });

  it('says msgtooshort at 49 characters (trimmed) and accepts 50', async () => {
    const form = openForm('support');
    await form.fill(form.email(), 'jane.doe@example.com');
    await form.fill(form.message(), `  ${MESSAGE_50.slice(0, 49)}  `);
    expect(screen.getByText(ERRORS.msgtooshort)).toBeInTheDocument();
    expect(screen.getByText('49/50')).toBeInTheDocument();
    expect(form.submitButton()).toHaveAttribute('aria-disabled', 'true');
    await form.fill(form.message(), MESSAGE_50);
    expect(screen.queryByText(ERRORS.msgtooshort)).not.toBeInTheDocument();
    // The counter has done its job.
    expect(screen.queryByText(/\/50$/)).not.toBeInTheDocument();
    expect(form.submitButton()).not.toHaveAttribute('aria-disabled');
  });

  it('a click on the inert submit shows every error and sends nothing', async () => {
    const form = openForm('support');
    await form.user.click(form.submitButton());
    expect(screen.getByText(ERRORS.emailrequired)).toBeInTheDocument();
    expect(screen.getByText(ERRORS.msgrequired)).toBeInTheDocument();
    expect(form.http.calls).toEqual([]);
  });

  it('stays inert with only the message filled (email required)', async () => {
    const form = openForm('support');
    await form.fill(form.message(), MESSAGE_50);
    expect(form.submitButton()).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('SupportForm request (docs/rules/entities.md ticket)', () => {
  it('without a topic sends "Ticket From {email}", the trimmed message, the requester and the support source', async () => {
    const form = openForm('support');
    await form.fillValid({ address: ' jane.doe@example.com ', text: `\n${MESSAGE_50}  ` });
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.requests()).toHaveLength(1));
    expect(form.requests()[0]).toEqual({
      subject: 'Ticket From jane.doe@example.com',
      comment: { body: MESSAGE_50, uploads: [] },
      requester: { name: 'jane.doe', email: 'jane.doe@example.com' },
      custom_fields: [{ id: 'source', value: 'tickets_from_widget' }],
    });
    expect(form.http.bodiesOf(PATHS.helpDeskRequest)[0]).toMatchObject({ url: '/api/v2/requests.json', requestType: 'post' });
    expect(form.uploads()).toEqual([]);
  });

  it('with a topic uses the trimmed topic as subject', async () => {
    const form = openForm('support');
    await form.fillValid({ subject: '  Refund for order 123  ' });
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.requests()).toHaveLength(1));
    expect(form.requests()[0]?.subject).toBe('Refund for order 123');
  });

  it('submits with Enter from a field, by keyboard alone', async () => {
    const form = openForm('support');
    await form.fillValid();
    await form.user.type(form.email(), '{Enter}');
    await waitFor(() => expect(form.requests()).toHaveLength(1));
  });

  it('is inert and read-only while sending, and a second click sends nothing more', async () => {
    const pending = deferred<ReturnType<typeof requestAnswer>>();
    const form = openForm('support', { routes: { [PATHS.helpDeskRequest]: () => pending.promise } });
    await form.fillValid();
    await form.user.click(form.submitButton());
    expect(form.submitButton()).toHaveAttribute('aria-busy', 'true');
    expect(form.submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(form.email()).toHaveAttribute('readonly');
    expect(form.message()).toHaveAttribute('readonly');
    await form.user.click(form.submitButton());
    expect(form.http.bodiesOf(PATHS.helpDeskRequest)).toHaveLength(1);
    pending.resolve({ data: JSON.stringify({ request: { id: 1, status: 'new', subject: 's' } }) });
    await waitFor(() => expect(form.banner(/^Your request has been sent/)).toHaveAttribute('role', 'status'));
    // The banner comes from the call's onSuccess, a tick before the mutation itself settles.
    await waitFor(() => expect(form.submitButton()).not.toHaveAttribute('aria-busy'));
  });
});

describe('FeedbackForm (docs/rules/validation.md)', () => {
  it('has no topic and sends "Feedback/Suggest From {email}" with the feedback source', async () => {
    const form = openForm('feedback');
    expect(screen.getByRole('form', { name: 'Share feedback' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /topic/i })).not.toBeInTheDocument();
    await form.fillValid({ address: 'li.wei@example.cn' });
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.requests()).toHaveLength(1));
    expect(form.requests()[0]).toEqual({
      subject: 'Feedback/Suggest From li.wei@example.cn',
      comment: { body: MESSAGE_50, uploads: [] },
      requester: { name: 'li.wei', email: 'li.wei@example.cn' },
      custom_fields: [{ id: 'source', value: 'feedbacks_from_widget' }],
    });
  });

  it('checks email and message like support', async () => {
    const form = openForm('feedback');
    await form.user.click(form.submitButton());
    expect(screen.getByText(ERRORS.emailrequired)).toBeInTheDocument();
    expect(screen.getByText(ERRORS.msgrequired)).toBeInTheDocument();
    await form.fill(form.email(), 'nope');
    await form.fill(form.message(), 'too short');
    expect(screen.getByText(ERRORS.invalidemail)).toBeInTheDocument();
    expect(screen.getByText(ERRORS.msgtooshort)).toBeInTheDocument();
    expect(form.submitButton()).toHaveAttribute('aria-disabled', 'true');
  });
});

describe("signed in, the ticket is the account's own (issue 13 F7)", () => {
  it("shows the account's address read-only with a hint, ignores typing, and sends that address", async () => {
    document.cookie = `email=${encodeURIComponent('someone.else@example.com')}; path=/`;
    const form = openForm('support', { accountEmail: 'ada@example.com' });
    expect(form.email()).toHaveValue('ada@example.com');
    expect(form.email()).toHaveAttribute('readonly');
    expect(form.email()).toHaveAccessibleDescription("Your account's address: our reply goes there.");
    await form.user.type(form.email(), 'x');
    expect(form.email()).toHaveValue('ada@example.com');
    await form.fill(form.message(), MESSAGE_50);
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.requests()).toHaveLength(1));
    expect(form.requests()[0]).toMatchObject({ requester: { email: 'ada@example.com' }, subject: 'Ticket From ada@example.com' });
    // A sent form starts afresh, still as the same person.
    await waitFor(() => expect(form.message()).toHaveValue(''));
    expect(form.email()).toHaveValue('ada@example.com');
  });

  it('signed out, the address is typed as before', () => {
    document.cookie = 'email=; path=/; max-age=0';
    const form = openForm('feedback');
    expect(form.email()).not.toHaveAttribute('readonly');
    expect(form.email()).toHaveAccessibleDescription('');
  });
});
