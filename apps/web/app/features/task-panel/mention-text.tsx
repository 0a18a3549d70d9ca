/**
 * @module features/task-panel/mention-text — stored text with each `@[uuid]` drawn as a chip with the person's
 * current name (decision 073); someone no longer in the workspace reads "@unknown person".
 */
import { splitMentions } from '@lanes/shared/mentions';

export function MentionText({ text, names }: { text: string; names: ReadonlyMap<string, string> }) {
  return (
    <>
      {splitMentions(text).map((part, index) =>
        'text' in part ? (
          <span key={index}>{part.text}</span>
        ) : (
          <span key={index} className="mention-chip">
            @{names.get(part.userId) ?? 'unknown person'}
          </span>
        ),
      )}
    </>
  );
}
