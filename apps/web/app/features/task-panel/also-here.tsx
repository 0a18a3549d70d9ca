/**
 * @module features/task-panel/also-here — who else has this task open right now, from the board's presence
 * (each person on the board says which task's panel they have open). Tells the board which task this person
 * has open while the panel is mounted, so the others see them here too.
 */
import { useEffect } from 'react';
import { Avatar } from '#app/components/avatar.tsx';
import { alsoViewing, type BoardPresence } from '#app/lib/board-presence.ts';

export function AlsoHere({ taskId, presence }: { taskId: string; presence: BoardPresence | undefined }) {
  // The function, not the object: the object is new whenever anyone's presence changes, and telling the
  // board again on each change would bounce between two open panels.
  const viewTask = presence?.viewTask;
  useEffect(() => {
    viewTask?.(taskId);
    return () => viewTask?.(null);
  }, [viewTask, taskId]);
  const here = alsoViewing(presence, taskId);
  if (here.length === 0) return null;
  const names = here.map((viewer) => viewer.displayName || 'A teammate');
  return (
    <div className="task-panel-also-here">
      <span className="task-panel-also-here-label">Also here</span>
      <ul aria-label={`Also here: ${names.join(', ')}`}>
        {here.map((viewer, index) => (
          <li key={viewer.userId}>
            <Avatar
              name={names[index]!}
              path={viewer.avatarPath}
              size={24}
              label={`${names[index]} has this task open`}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
