import { describe, expect, it } from 'vitest';
import { LanesError } from '../errors.ts';
import { attachmentFileName, checkAttachmentFile } from './attachment.ts';

describe('attachment file name', () => {
  it('removes separators and control characters', () => {
    expect(attachmentFileName.parse('../etc\\pass\u0000wd.txt')).toBe('..etcpasswd.txt');
  });
  it('refuses a name that is empty once cleaned, or longer than 200', () => {
    expect(attachmentFileName.safeParse('/\\\u0001').success).toBe(false);
    expect(attachmentFileName.safeParse('a'.repeat(200)).success).toBe(true);
    expect(attachmentFileName.safeParse('a'.repeat(201)).success).toBe(false);
  });
});

describe('checkAttachmentFile', () => {
  it('accepts exactly 10 MB and refuses one byte more with FILE_TOO_LARGE', () => {
    expect(checkAttachmentFile({ name: 'a.pdf', size: 10 * 1024 * 1024, type: 'application/pdf' })).toBe(
      'a.pdf',
    );
    expect(() =>
      checkAttachmentFile({ name: 'a.pdf', size: 10 * 1024 * 1024 + 1, type: 'application/pdf' }),
    ).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE', field: 'file' }));
  });
  it('refuses a nameless file with VALIDATION', () => {
    try {
      checkAttachmentFile({ name: '//', size: 1, type: 'text/plain' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LanesError);
      expect((error as LanesError).code).toBe('VALIDATION');
    }
  });
});
