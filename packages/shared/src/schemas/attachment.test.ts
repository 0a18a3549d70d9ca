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
    expect(checkAttachmentFile({ name: 'a.pdf', size: 10 * 1024 * 1024, type: 'application/pdf' })).toEqual({
      name: 'a.pdf',
      mimeType: 'application/pdf',
    });
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

describe('attachment types (decision 122)', () => {
  const check = (name: string, type: string) => checkAttachmentFile({ name, size: 1, type });
  it('keeps the allowed types the browser names', () => {
    expect(check('shot.png', 'image/png').mimeType).toBe('image/png');
    expect(
      check('plan.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document').mimeType,
    ).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(check('data.zip', 'application/zip').mimeType).toBe('application/zip');
  });
  it('types a file the browser could not type by its name, and refuses one without a known ending', () => {
    expect(check('notes.MD', '').mimeType).toBe('text/markdown');
    expect(check('table.csv', 'application/octet-stream').mimeType).toBe('text/csv');
    expect(() => check('mystery', '')).toThrow(expect.objectContaining({ code: 'FILE_TYPE', field: 'file' }));
  });
  it('refuses HTML, SVG, executables and scripts, whatever the name says', () => {
    for (const [name, type] of [
      ['page.html', 'text/html'],
      ['logo.svg', 'image/svg+xml'],
      ['setup.exe', 'application/x-msdownload'],
      ['run.sh', 'application/x-sh'],
      ['app.js', 'text/javascript'],
      ['fake.png', 'text/html'],
      ['tool.exe', ''],
    ] as const) {
      expect(() => check(name, type), name).toThrow(expect.objectContaining({ code: 'FILE_TYPE' }));
    }
  });
});
