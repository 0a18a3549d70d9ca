/**
 * @module features/import/import-report — what an export holds (the preview) or what an import brought in:
 * counts found, what Lanes leaves out, and the notes (shortened fields, the done column).
 */
import type { ImportReport as Report } from '@lanes/shared/schemas/trello';

const SKIPPED: [keyof Report['skipped'], string][] = [
  ['attachments', 'attachments'],
  ['members', 'board members'],
  ['cardMembers', 'card members'],
  ['customFields', 'custom fields'],
  ['powerUps', 'power-ups'],
  ['otherActions', 'history entries other than comments'],
];

export function ImportReport({ report, title }: { report: Report; title: string }) {
  const { found } = report;
  const skipped = SKIPPED.filter(([key]) => report.skipped[key] > 0);
  return (
    <div className="import-report">
      <h3>{title}</h3>
      <dl className="import-counts">
        <div>
          <dt>Lists</dt>
          <dd>
            {found.lists}
            {found.closedLists > 0 ? ` (${found.closedLists} archived)` : ''}
          </dd>
        </div>
        <div>
          <dt>Cards</dt>
          <dd>
            {found.cards}
            {found.archivedCards > 0 ? ` (${found.archivedCards} archived)` : ''}
          </dd>
        </div>
        <div>
          <dt>Labels</dt>
          <dd>{found.labels}</dd>
        </div>
        <div>
          <dt>Checklists</dt>
          <dd>
            {found.checklists} ({found.checklistItems} items)
          </dd>
        </div>
        <div>
          <dt>Comments</dt>
          <dd>{found.comments}</dd>
        </div>
      </dl>
      {skipped.length > 0 ? (
        <>
          <h4>Not imported</h4>
          <ul className="import-notes">
            {skipped.map(([key, noun]) => (
              <li key={key}>
                {report.skipped[key]} {noun}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.notes.length > 0 ? (
        <>
          <h4>Notes</h4>
          <ul className="import-notes">
            {report.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
