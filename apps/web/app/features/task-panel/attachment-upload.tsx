/**
 * @module features/task-panel/attachment-upload — attaching files by picking them or dropping them anywhere on
 * the panel: each is checked first (over 10 MB or a refused type never sends a byte), then uploaded with a progress bar of the
 * bytes sent; a refusal stays beside the file's name.
 */
import { ATTACHMENT_TYPES, attachmentType } from '@lanes/shared/attachment-types';
import { LIMITS } from '@lanes/shared/constants';
import { type RefObject, useCallback, useEffect, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { usePublicEnv } from '#app/lib/public-env.ts';

interface Upload {
  key: string;
  name: string;
  sent: number;
  total: number;
  error: string | null;
}

/** Every allowed type and name ending, for the file picker's filter. */
const ACCEPT = Object.entries(ATTACHMENT_TYPES)
  .flatMap(([type, endings]) => [type, ...endings.map((e) => `.${e}`)])
  .join(',');

/** Why `file` is not sent at all, or null when it may be. */
function refusal(file: File): string | null {
  // Refused up front rather than waiting: a file is not JSON the write journal could keep across a reload, and a
  // wait that a reload silently drops would lose it (decision 196). The file is still on the person's device.
  if (navigator.onLine === false)
    return `You are offline: “${file.name}” was not attached. Attach it again once the connection is back.`;
  if (file.size > LIMITS.attachmentBytes) return 'Over 10 MB: attachments are at most 10 MB.';
  if (!attachmentType(file.name, file.type)) {
    return 'This type of file cannot be attached. Images, PDF, text, office documents and zip files can.';
  }
  return null;
}

export function AttachmentUpload({
  where,
  dropTarget,
}: {
  where: { workspaceId: string; taskId: string };
  dropTarget: RefObject<HTMLElement | null>;
}) {
  const env = usePublicEnv();
  const inputId = useId();
  const { revalidate } = useRevalidator();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);

  const patch = useCallback(
    (key: string, change: Partial<Upload>) =>
      setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u))),
    [],
  );

  const start = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        const key = crypto.randomUUID();
        // Size and type, from the constants (no schema library in the panel's first chunk); the name rules are
        // checked again by the upload itself, before any byte is sent, and come back as its message. Storage
        // refuses the same types again (decision 122).
        const refused = refusal(file);
        setUploads((all) => [...all, { key, name: file.name, sent: 0, total: file.size, error: refused }]);
        if (refused) continue;
        const { upload } = await import('./panel-uploads.ts');
        const error = await upload(env, where, file, (sent, total) => patch(key, { sent, total }));
        if (error) patch(key, { error });
        else {
          setUploads((all) => all.filter((u) => u.key !== key));
          void revalidate();
        }
      }
    },
    [env, where, patch, revalidate],
  );

  useEffect(() => {
    const target = dropTarget.current;
    if (!target) return;
    const over = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (event.target === target) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!event.dataTransfer?.files.length) return;
      event.preventDefault();
      setDragging(false);
      void start([...event.dataTransfer.files]);
    };
    target.addEventListener('dragover', over);
    target.addEventListener('dragleave', leave);
    target.addEventListener('drop', drop);
    return () => {
      target.removeEventListener('dragover', over);
      target.removeEventListener('dragleave', leave);
      target.removeEventListener('drop', drop);
    };
  }, [dropTarget, start]);

  return (
    <div className={dragging ? 'attachment-upload is-dragging' : 'attachment-upload'}>
      <label htmlFor={inputId} className="btn btn-secondary">
        Attach files
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT}
        className="visually-hidden"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void start(files);
        }}
      />
      <span className="panel-muted">
        or drop them on the panel. Images, PDF, text, office documents or zip, up to 10 MB each.
      </span>
      {uploads.length > 0 ? (
        <ul className="upload-list">
          {uploads.map((u) => (
            <li key={u.key}>
              <span className="attachment-name">{u.name}</span>
              {u.error ? (
                <>
                  <span className="field-error" role="alert">
                    {u.error}
                  </span>
                  <button
                    type="button"
                    className="btn btn-quiet"
                    onClick={() => setUploads((all) => all.filter((x) => x.key !== u.key))}
                  >
                    Dismiss<span className="visually-hidden"> {u.name}</span>
                  </button>
                </>
              ) : (
                <progress max={u.total || 1} value={u.sent} aria-label={`Uploading ${u.name}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
