/**
 * @module features/task-panel/text-conflict — what the panel shows when a text save met a teammate's newer
 * text (CONFLICT, decision 194): both versions side by side and the choice of which one stays.
 */

interface TextConflictProps {
  /** The field's name in a sentence ("title"). */
  field: string;
  mine: string;
  theirs: string;
  onKeepMine(): void;
  onUseTheirs(): void;
}

export function TextConflict({ field, mine, theirs, onKeepMine, onUseTheirs }: TextConflictProps) {
  return (
    <fieldset className="text-conflict">
      <legend className="text-conflict-head">
        A teammate changed the {field} while you were editing it. Which one stays?
      </legend>
      <p className="visually-hidden" role="status">
        Your {field} was not saved: a teammate changed it first.
      </p>
      <dl className="text-conflict-versions">
        <div>
          <dt>Theirs</dt>
          <dd>{theirs}</dd>
        </div>
        <div>
          <dt>Yours</dt>
          <dd>{mine}</dd>
        </div>
      </dl>
      <div className="panel-actions">
        <button type="button" className="btn btn-primary" onClick={onKeepMine}>
          Keep mine
        </button>
        <button type="button" className="btn btn-quiet" onClick={onUseTheirs}>
          Use theirs
        </button>
      </div>
    </fieldset>
  );
}
