import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaks, runCheck } from '../boot-check.test-support.ts';
import { smtpBootCheck } from './smtp-boot-check.ts';

// Against a real SMTP server (smtp-server, as smtp.test.ts): plain SMTP with AUTH, as on a private relay.
const USER = 'causeway';
const PASSWORD = 'smtp-relay-password-7c1e';
let messages = 0;
const server = new SMTPServer({
  authMethods: ['PLAIN', 'LOGIN'],
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
    else callback(new Error('Invalid username or password'));
  },
  onData(stream, _session, callback) {
    messages += 1;
    stream.resume();
    stream.on('end', () => callback());
  },
});
/** A server that takes the connection and never greets: an SMTP port behind a firewall that swallows it, say. */
const sockets = new Set<net.Socket>();
const silent = net.createServer((socket) => sockets.add(socket));
let port = 0;
let silentPort = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const noFetch: typeof fetch = () => Promise.reject(new Error('the SMTP check makes no HTTP call'));

describe("SMTP's boot check, against a real SMTP server", () => {
  it('logs in and quits without sending anything', async () => {
    const result = await runCheck(smtpBootCheck({ url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}` }), noFetch);
    expect(result).toEqual({ vendor: 'SMTP', ok: true, message: `SMTP: smtp://127.0.0.1:${port} accepted the login` });
    expect(messages).toBe(0);
  });

  it('a refused login names SMTP_URL, and shows neither the password nor the URL holding it', async () => {
    const wrong = 'not-the-password-4b2a';
    const url = `smtp://${USER}:${wrong}@127.0.0.1:${port}`;
    const result = await runCheck(smtpBootCheck({ url }), noFetch);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(
      new RegExp(`^SMTP at smtp://127\\.0\\.0\\.1:${port} refused the login .*check the user and password in SMTP_URL`),
    );
    expect(leaks(result.message, [wrong, url, Buffer.from(`\0${USER}\0${wrong}`).toString('base64')])).toEqual([]);
  });

  it('a server that never greets: stops at the deadline, naming SMTP_URL without its password', async () => {
    const result = await runCheck(smtpBootCheck({ url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${silentPort}` }), noFetch, 200);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(new RegExp(`^SMTP did not answer within .* at SMTP_URL \\(smtp://127\\.0\\.0\\.1:${silentPort}\\)`));
    expect(leaks(result.message, [PASSWORD])).toEqual([]);
  });
});
