import net, { type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCode } from '../../../test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { codeEmail } from '../../modules/identity/email-templates.ts';
import { createSmtpMail } from './smtp.ts';

// The SMTP adapter against a real SMTP server (smtp-server, the library nodemailer's authors
// test with) on an ephemeral port: plain SMTP with AUTH, as on a private relay.
const USER = 'causeway';
const PASSWORD = 'smtp-relay-password-9f3a';
const FROM = 'codes@causeway.test';
const REFUSED_DOMAIN = 'refused.test';

interface Received {
  envelope: SMTPServerEnvelope;
  user: string | undefined;
  /** The message as it came over DATA (headers and body), quoted-printable soft breaks joined. */
  raw: string;
}

const received: Received[] = [];
const server = new SMTPServer({
  authMethods: ['PLAIN', 'LOGIN'],
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
    else callback(new Error('Invalid username or password'));
  },
  onRcptTo(address, _session, callback) {
    if (!address.address.endsWith(`@${REFUSED_DOMAIN}`)) return callback();
    callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8').replace(/=\r\n/g, '');
      received.push({ envelope: session.envelope, user: session.user, raw });
      callback();
    });
  },
});

let port = 0;
const smtpUrl = (password = PASSWORD) => `smtp://${USER}:${password}@127.0.0.1:${port}`;
/** Every way the password could show: as it is, and inside AUTH PLAIN's base64. */
const secretForms = () => [PASSWORD, Buffer.from(`\0${USER}\0${PASSWORD}`).toString('base64')];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP mail through the app, against a real SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: smtpUrl(), MAIL_FROM: `Causeway <${FROM}>` });
  });
  afterAll(() => t.app.close());

  it('sends the sign-in code: envelope, subject and body as the person gets them; the logs hold neither the code nor the password', async () => {
    const before = received.length;
    const sent = await sendCode(t.app, 'ana@example.test');
    expect(sent.statusCode).toBe(200);
    expect(received).toHaveLength(before + 1);
    const [message] = received.slice(-1) as [Received];
    expect(message.user).toBe(USER);
    expect(message.envelope.mailFrom).toMatchObject({ address: FROM });
    expect(message.envelope.rcptTo.map((recipient) => recipient.address)).toEqual(['ana@example.test']);
    expect(message.raw).toMatch(/^From: Causeway <codes@causeway\.test>\r?$/m);
    expect(message.raw).toMatch(/^To: ana@example\.test\r?$/m);
    const code = /^Subject: Your Causeway code: (\d{6})\r?$/m.exec(message.raw)?.[1];
    expect(code).toBeDefined();
    expect(message.raw).toContain(`Your code is ${code}. It is valid for 10 minutes.`);
    const logs = t.logs.join('');
    for (const secret of [...secretForms(), code as string]) expect(logs).not.toContain(secret);
  });
});

describe('SMTP mail: extra headers (RFC 8058 one-click unsubscribe)', () => {
  const LIST_UNSUBSCRIBE = `<https://pay.causeway.test/prod-api/capi/v1/common/promotion-email/one-click-unsubscribe?token=${'e'.repeat(90)}.${'a'.repeat(64)}>`;

  it('sends List-Unsubscribe and List-Unsubscribe-Post as given, each once', async () => {
    const before = received.length;
    await createSmtpMail({ url: smtpUrl(), from: FROM }).send({
      to: 'ana@example.test',
      subject: 'News from Causeway',
      text: 'News',
      html: '<p>News</p>',
      headers: { 'List-Unsubscribe': LIST_UNSUBSCRIBE, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(received).toHaveLength(before + 1);
    // Header lines as a mail client reads them: folded lines joined again (RFC 5322 unfolding).
    const headerBlock = (received.at(-1) as Received).raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const lines = headerBlock.split(/\r?\n/);
    expect(lines.filter((line) => /^List-Unsubscribe:/i.test(line))).toEqual([`List-Unsubscribe: ${LIST_UNSUBSCRIBE}`]);
    expect(lines.filter((line) => /^List-Unsubscribe-Post:/i.test(line))).toEqual(['List-Unsubscribe-Post: List-Unsubscribe=One-Click']);
  });

  it('refuses a header value with a line break before connecting: nothing is sent', async () => {
    const before = received.length;
    await expect(
      createSmtpMail({ url: smtpUrl(), from: FROM }).send({
        to: 'ana@example.test',
        subject: 's',
        text: 't',
        html: 'h',
        headers: { 'List-Unsubscribe': '<https://x.test/u>\r\nBcc: someone@evil.test' },
      }),
    ).rejects.toThrow(/line break/);
    expect(received).toHaveLength(before);
  });
});

describe('SMTP mail: a server that refuses', () => {
  const message = { to: 'ana@example.test', ...codeEmail('123456', 'en') };
  const expectRefusal = async (send: Promise<void>) => {
    const error: unknown = await send.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    // Whatever the caller logs of the failure holds no credential.
    for (const secret of secretForms()) expect(`${String(error)} ${JSON.stringify(error)}`).not.toContain(secret);
    return error as Error;
  };

  it('rejects when the recipient is refused, so the caller answers an error instead of claiming the code went out', async () => {
    const before = received.length;
    const error = await expectRefusal(createSmtpMail({ url: smtpUrl(), from: FROM }).send({ ...message, to: `ana@${REFUSED_DOMAIN}` }));
    expect(error.message).toMatch(/550/);
    expect(received).toHaveLength(before);
  });

  it('rejects on a wrong password, without echoing it', async () => {
    await expectRefusal(createSmtpMail({ url: smtpUrl('not-the-password'), from: FROM }).send(message));
  });

  it('rejects when nothing listens at SMTP_URL', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await expectRefusal(
      createSmtpMail({ url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${closedPort}`, from: FROM }).send(message),
    );
    expect(error.message).toMatch(/ECONNREFUSED/);
  });
});
