/**
 * @module features/task-panel/cover-button — "Make cover" on an image attachment, "Remove cover" on the
 * current one (members and up; decision 197). A plain POST form underneath, so it works without JavaScript.
 */
import { useFieldSave } from './use-field-save.ts';

export function CoverButton({
  taskId,
  attachmentId,
  fileName,
  isCover,
}: {
  taskId: string;
  attachmentId: string;
  fileName: string;
  isCover: boolean;
}) {
  // One save per file, so a refusal shows beside the file that asked.
  const cover = useFieldSave(taskId, 'cover', attachmentId);
  // Sent: an attachment id makes that file the cover, an empty value removes it.
  const value = isCover ? '' : attachmentId;
  return (
    <form
      method="post"
      className="attachment-cover-form"
      onSubmit={(event) => {
        event.preventDefault();
        cover.save({ value });
      }}
    >
      <input type="hidden" name="intent" value="cover" />
      <input type="hidden" name="value" value={value} />
      <button type="submit" className="btn btn-quiet" disabled={cover.busy}>
        {isCover ? 'Remove cover' : 'Make cover'}
        <span className="visually-hidden"> {fileName}</span>
      </button>
      {cover.error ? (
        <p className="field-error" role="alert">
          {cover.error}
        </p>
      ) : null}
    </form>
  );
}
