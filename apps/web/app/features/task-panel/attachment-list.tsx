/**
 * @module features/task-panel/attachment-list — the task's files: images as thumbnails (srcset over Storage's
 * transform at 320 and 640 px, width and height set so nothing shifts, lazy), other files as links with name,
 * size and type; members make an image the card's cover (decision 197). Every file and thumbnail URL is the
 * app's file route, which signs a short-lived Storage URL when the browser asks for it.
 */
import type { AttachmentRow } from '@lanes/shared/schemas/attachment';
import { CoverButton } from './cover-button.tsx';
import { useFieldSave } from './use-field-save.ts';

const THUMB_WIDTH = 240;
/** Where an image has no known pixel size, its box keeps a 4:3 shape. */
const FALLBACK_RATIO = 3 / 4;

export function formatBytes(bytes: number, locale?: string): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

interface ListProps {
  taskId: string;
  attachments: AttachmentRow[];
  me: string;
  canEdit: boolean;
  canAdmin: boolean;
  /** The task's cover attachment, if any (decision 197). */
  coverId: string | null;
  /** The URL of the download route for one attachment. */
  fileUrl(attachmentId: string): string;
}

export function AttachmentList({ taskId, attachments, me, canEdit, canAdmin, coverId, fileUrl }: ListProps) {
  if (attachments.length === 0) return <p className="panel-empty">No files attached.</p>;
  return (
    <ul className="attachment-list">
      {attachments.map((file) => (
        <AttachmentItem
          key={file.id}
          taskId={taskId}
          file={file}
          href={fileUrl(file.id)}
          canDelete={(canEdit && file.uploaded_by === me) || canAdmin}
          canCover={canEdit}
          isCover={file.id === coverId}
        />
      ))}
    </ul>
  );
}

function AttachmentItem({
  taskId,
  file,
  href,
  canDelete,
  canCover,
  isCover,
}: {
  taskId: string;
  file: AttachmentRow;
  href: string;
  canDelete: boolean;
  canCover: boolean;
  isCover: boolean;
}) {
  const remove = useFieldSave(taskId, 'delete-attachment', file.id);
  if (remove.pending) return null;
  const image = file.mime_type.startsWith('image/');
  const ratio = file.width && file.height ? file.height / file.width : FALLBACK_RATIO;
  const details = `${formatBytes(file.size_bytes)}, ${file.mime_type}`;
  return (
    <li className={image ? 'attachment is-image' : 'attachment'}>
      <a href={href} className="attachment-link" download={file.file_name}>
        {image ? (
          <img
            src={`${href}?w=320`}
            srcSet={`${href}?w=320 320w, ${href}?w=640 640w`}
            sizes={`${THUMB_WIDTH}px`}
            width={THUMB_WIDTH}
            height={Math.round(THUMB_WIDTH * ratio)}
            alt={file.file_name}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <span className="attachment-name">{file.file_name}</span>
        <span className="panel-muted attachment-meta">{details}</span>
      </a>
      {image && canCover ? (
        <CoverButton taskId={taskId} attachmentId={file.id} fileName={file.file_name} isCover={isCover} />
      ) : null}
      {canDelete ? (
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => remove.save({ attachmentId: file.id })}
        >
          Delete<span className="visually-hidden"> {file.file_name}</span>
        </button>
      ) : null}
      {remove.error ? (
        <p className="field-error" role="alert">
          {remove.error}
        </p>
      ) : null}
    </li>
  );
}
