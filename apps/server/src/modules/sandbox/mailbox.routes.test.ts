import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock.ts';
import { createSandboxMail } from '../../providers/mail/sandbox.ts';
import { createSandboxOutbox } from '../../providers/mail/sandbox-outbox.repository.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const clock = createManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  // Three messages in the same millisecond: "newest first" must still be the order they were sent.
  const mail = createSandboxMail(createSandboxOutbox(t.db), clock);
  for (const n of [1, 2, 3]) await mail.send({ to: 'Box@Causeway.test', subject: `Message ${n}`, text: `text ${n}`, html: `<p>${n}</p>` });
  await mail.send({
    to: 'headers@causeway.test',
    subject: 'With headers',
    text: 't',
    html: 'h',
    headers: { 'List-Unsubscribe': '<https://causeway.test/u?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  await mail.send({ to: 'other@causeway.test', subject: '<script>alert(1)</script>', text: 'x', html: 'x' });
});
afterAll(() => t.app.close());

describe('/sandbox/mailbox (docs/sandbox.md, "Mail")', () => {
  it('answers JSON for one address, newest first, in exactly the promised shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/mailbox?to=box@causeway.test' });
    const { messages } = response.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Message 3', 'Message 2', 'Message 1']);
    expect(Object.keys(messages[0]).sort()).toEqual(['headers', 'html', 'id', 'sentAt', 'subject', 'text', 'to']);
    expect(messages[0]).toMatchObject({
      to: 'box@causeway.test',
      text: 'text 3',
      html: '<p>3</p>',
      headers: {},
      sentAt: clock.now().toISOString(),
    });
  });

  it('keeps the headers a message was sent with', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/mailbox?to=headers@causeway.test' });
    expect(response.json().messages[0].headers).toEqual({
      'List-Unsubscribe': '<https://causeway.test/u?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('refuses a header that would start another one, and keeps nothing of that message', async () => {
    const mail = createSandboxMail(createSandboxOutbox(t.db), clock);
    const injected = { to: 'inject@causeway.test', subject: 's', text: 't', html: 'h' };
    await expect(mail.send({ ...injected, headers: { 'X-Note': 'a\r\nBcc: someone@evil.test' } })).rejects.toThrow(/line break/);
    await expect(mail.send({ ...injected, headers: { 'Bad Name:': 'x' } })).rejects.toThrow(/header name/);
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/mailbox?to=inject@causeway.test' });
    expect(response.json().messages).toEqual([]);
  });

  it('shows people an HTML page of the latest messages, with their text escaped', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/mailbox' });
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Message 3');
    expect(response.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(response.body).not.toContain('<script>alert(1)');
  });

  it('does not exist when real mail is configured', async () => {
    const real = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Causeway <no-reply@causeway.test>' });
    const response = await real.app.inject({ method: 'GET', url: '/sandbox/mailbox?to=box@causeway.test' });
    expect(response.statusCode).toBe(404);
    await real.app.close();
  });
});
