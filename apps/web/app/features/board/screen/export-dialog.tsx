/**
 * @module features/board/screen/export-dialog — "Export…" from the board menu: the board as CSV (a spreadsheet of its
 * tasks) or JSON (everything, checklists and comments included), each a plain download link to the board's
 * export routes (decision 188). Loaded when it first opens.
 */
import { Dialog } from '#app/components/dialog.tsx';

export function ExportDialog({ boardPath, onClose }: { boardPath: string; onClose(): void }) {
  return (
    <Dialog title="Export this board" onClose={onClose}>
      <p>Every task is included, archived ones too.</p>
      <ul>
        <li>
          <a href={`${boardPath}/export.csv`} download>
            CSV
          </a>{' '}
          — one row per task, for spreadsheets
        </li>
        <li>
          <a href={`${boardPath}/export.json`} download>
            JSON
          </a>{' '}
          — columns, labels, tasks with their checklists and comments
        </li>
      </ul>
    </Dialog>
  );
}
