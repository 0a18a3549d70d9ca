/**
 * @module functions/watch — hot reload: watches `supabase/functions/` and reports which functions changed.
 * A change inside `<name>/` reloads that function; anything else (`_shared/`, `.env`, an import map)
 * may be used by any function, so it reloads them all.
 */
import { existsSync, type FSWatcher, watch } from 'node:fs';
import { sep } from 'node:path';

/** Editors save in bursts (temp file, rename, chmod); one reload per burst. */
const DEBOUNCE_MS = 60;

/** `changed(null)` means "everything". */
export function watchFunctions(
  functionsDir: string,
  changed: (names: Set<string> | null) => void,
): { close(): void } {
  if (!existsSync(functionsDir)) return { close() {} };
  let pending: Set<string> | null = new Set();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const names = pending;
    pending = new Set();
    changed(names);
  };
  let watcher: FSWatcher;
  try {
    watcher = watch(functionsDir, { recursive: true, persistent: false }, (_event, filename) => {
      const first = filename ? String(filename).split(sep)[0] : undefined;
      if (!first || first.startsWith('_') || first.startsWith('.') || !filename?.includes(sep)) {
        pending = null;
      } else if (pending) {
        pending.add(first);
      }
      clearTimeout(timer);
      timer = setTimeout(flush, DEBOUNCE_MS);
    });
  } catch {
    return { close() {} };
  }
  watcher.on('error', () => {});
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
