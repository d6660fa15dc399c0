import { unsubscribeTokenSchema } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../platform/crypto.ts';
import { multipartFields } from './one-click-unsubscribe.routes.ts';
import { createUnsubscribeLinks } from './unsubscribe-link.ts';

const secret = Buffer.alloc(32, 7);
const links = createUnsubscribeLinks(deriveKey(secret, 'unsubscribe-link'));
const claims = { userId: 'usr_abc123', list: 'promotions', generation: 3 } as const;

describe('unsubscribe link tokens', () => {
  it('answer the claims they were signed with, in the shape the contracts accept', () => {
    const token = links.sign(claims);
    expect(unsubscribeTokenSchema.safeParse(token).success).toBe(true);
    expect(links.verify(token)).toEqual(claims);
  });

  it('refuse any change to the claims or the signature, and a token of another key', () => {
    const token = links.sign(claims);
    const [body, signature] = token.split('.') as [string, string];
    const otherClaims = Buffer.from(JSON.stringify({ u: 'usr_other', l: 'promotions', g: 3 })).toString('base64url');
    const otherKey = createUnsubscribeLinks(deriveKey(Buffer.alloc(32, 8), 'unsubscribe-link')).sign(claims);
    // The same secret for another purpose is another key (HKDF's info).
    const otherPurpose = createUnsubscribeLinks(deriveKey(secret, 'process-token')).sign(claims);
    for (const forged of [
      `${otherClaims}.${signature}`,
      `${body}.${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`,
      `${body}.${signature}.extra`,
      body,
      otherKey,
      otherPurpose,
    ])
      expect(links.verify(forged)).toBeUndefined();
  });

  it('refuse well-signed claims of the wrong shape (an unknown list, a negative generation, an odd id)', () => {
    // Signed with the right key: the shape check, not the signature, refuses them.
    expect(links.verify(links.sign({ ...claims, list: 'unknown' as 'promotions' }))).toBeUndefined();
    expect(links.verify(links.sign({ ...claims, generation: -1 }))).toBeUndefined();
    expect(links.verify(links.sign({ ...claims, generation: 1.5 }))).toBeUndefined();
    expect(links.verify(links.sign({ ...claims, userId: 'has space' }))).toBeUndefined();
  });

  it('carry no expiry: only the person, the list and the generation (a yes in Settings revokes them)', () => {
    const token = links.sign(claims);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ u: 'usr_abc123', l: 'promotions', g: 3 });
  });
});

describe('multipartFields (the one-click POST as multipart/form-data)', () => {
  it('reads each named field', () => {
    const body =
      '--b1\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b1\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b1--\r\n';
    expect(multipartFields(body, 'multipart/form-data; boundary=b1')).toEqual({ 'List-Unsubscribe': 'One-Click', x: 'y' });
    expect(multipartFields(body, 'multipart/form-data; boundary="b1"')).toEqual({ 'List-Unsubscribe': 'One-Click', x: 'y' });
  });

  it('answers nothing without a boundary, and no fields from a body of another boundary', () => {
    expect(multipartFields('anything', 'multipart/form-data')).toBeUndefined();
    expect(
      multipartFields('--b2\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b2--', 'multipart/form-data; boundary=b1'),
    ).toEqual({});
  });
});
