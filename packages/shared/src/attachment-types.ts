/**
 * @module attachment-types — the file types an attachment may have, and the type a file is stored with. Apart
 * from constants.ts because only the task panel and the attachment schema need it: the board's first paint
 * carries the shared constants, not this table (decision 160).
 */

/**
 * The file types an attachment may have (decision 122), each with the name endings that stand for it when the
 * browser names no type. The attachments bucket's `allowed_mime_types` holds the same list (migration
 * `20261123180000_attachment_types.sql`), so the server refuses the rest again. Left out on purpose: HTML, SVG
 * and XML (they run script when opened from our origin), executables, scripts and installers.
 */
export const ATTACHMENT_TYPES = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'log'],
  'text/markdown': ['md', 'markdown'],
  'text/csv': ['csv'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/rtf': ['rtf'],
  'application/zip': ['zip'],
} as const satisfies Record<string, readonly string[]>;
export type AttachmentMimeType = keyof typeof ATTACHMENT_TYPES;
export const ATTACHMENT_MIME_TYPES = Object.keys(ATTACHMENT_TYPES) as AttachmentMimeType[];

/**
 * The type an attachment is stored with, or null when it is refused. The browser's type decides when it gives
 * one; files it cannot type (often `.md`, sometimes `.csv`) are typed by their name's ending.
 * @example attachmentType('notes.md', '') === 'text/markdown'; attachmentType('page.html', 'text/html') === null
 */
export function attachmentType(name: string, browserType: string): AttachmentMimeType | null {
  const type = browserType.toLowerCase();
  if (type && type !== 'application/octet-stream') {
    return ATTACHMENT_MIME_TYPES.find((allowed) => allowed === type) ?? null;
  }
  const ending = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (!ending) return null;
  return (
    ATTACHMENT_MIME_TYPES.find((allowed) =>
      (ATTACHMENT_TYPES[allowed] as readonly string[]).includes(ending),
    ) ?? null
  );
}
