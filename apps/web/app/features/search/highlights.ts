/**
 * @module features/search/highlights — marked text from the database (words between U+E000 and U+E001) split
 * into plain and highlighted parts, so the screen renders them as text and `<mark>`, never as HTML.
 */
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@lanes/shared/schemas/search';

export interface TextPart {
  text: string;
  marked: boolean;
}

/** @example splitMarks('Ship \uE000deploy\uE001 now') → [{ 'Ship ', false }, { 'deploy', true }, { ' now', false }] */
export function splitMarks(source: string): TextPart[] {
  const parts: TextPart[] = [];
  let marked = false;
  let text = '';
  const flush = () => {
    if (text) parts.push({ text, marked });
    text = '';
  };
  for (const char of source) {
    if (char === HIGHLIGHT_START || char === HIGHLIGHT_END) {
      flush();
      marked = char === HIGHLIGHT_START;
    } else {
      text += char;
    }
  }
  flush();
  return parts;
}
