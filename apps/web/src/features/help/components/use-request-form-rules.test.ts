import { HELP_ATTACHMENT_MAX_BYTES } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { buildRequestParams, requestFormErrors, sortPickedFiles } from './use-request-form-rules';

const fileOf = (name: string, size = 100, lastModified = 1) => {
  const file = new File(['x'], name, { lastModified });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('requestFormErrors', () => {
  it('names the docs/rules/validation.md key of each wrong field; feedback ignores the topic', () => {
    expect(requestFormErrors('support', { email: '', topic: '', message: '' })).toEqual({ email: 'emailrequired', message: 'msgrequired' });
    expect(requestFormErrors('support', { email: 'a@b', topic: 't'.repeat(151), message: 'x'.repeat(49) })).toEqual({
      email: 'invalidemail',
      topic: 'topictoolong',
      message: 'msgtooshort',
    });
    expect(requestFormErrors('feedback', { email: 'a@b.co', topic: 't'.repeat(151), message: 'x'.repeat(50) })).toEqual({});
  });
});

describe('buildRequestParams', () => {
  it('builds the support and feedback bodies with tokens in order', () => {
    const values = { email: ' Sam@Example.com ', topic: ' ', message: ` ${'m'.repeat(50)} ` };
    expect(buildRequestParams('support', values, ['t1', 't2'])).toEqual({
      request: {
        subject: 'Ticket From Sam@Example.com',
        comment: { body: 'm'.repeat(50), uploads: ['t1', 't2'] },
        requester: { name: 'Sam', email: 'Sam@Example.com' },
        custom_fields: [{ id: 'source', value: 'tickets_from_widget' }],
      },
    });
    const feedback = buildRequestParams('feedback', { ...values, topic: 'ignored' }, []);
    expect(feedback.request.subject).toBe('Feedback/Suggest From Sam@Example.com');
    expect(feedback.request.custom_fields).toEqual([{ id: 'source', value: 'feedbacks_from_widget' }]);
  });
});

describe('sortPickedFiles', () => {
  it('keeps pick order, refuses by type, size and count, and skips a file already attached', () => {
    const kept = fileOf('kept.png');
    const { accepted, refused } = sortPickedFiles(
      [kept, fileOf('2.png'), fileOf('3.png')],
      [
        fileOf('kept.png'),
        fileOf('x.exe'),
        fileOf('big.pdf', HELP_ATTACHMENT_MAX_BYTES + 1),
        fileOf('4.png'),
        fileOf('max.pdf', HELP_ATTACHMENT_MAX_BYTES),
        fileOf('6.png'),
      ],
    );
    expect(accepted.map((file) => file.name)).toEqual(['4.png', 'max.pdf']);
    expect(refused).toEqual([
      { name: 'x.exe', reason: 'filetype' },
      { name: 'big.pdf', reason: 'filesize' },
      { name: '6.png', reason: 'toomany' },
    ]);
  });
});
