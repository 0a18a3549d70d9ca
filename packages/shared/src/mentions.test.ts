import { describe, expect, it } from 'vitest';
import { mentionReference, splitMentions } from './mentions.ts';

const ann = '11111111-1111-4111-8111-111111111111';

describe('mentions', () => {
  it('splits stored text into runs and people, leaving plain @handles as text', () => {
    expect(splitMentions(`hi ${mentionReference(ann)}, and @bob!`)).toEqual([
      { text: 'hi ' },
      { userId: ann },
      { text: ', and @bob!' },
    ]);
    expect(splitMentions(mentionReference(ann))).toEqual([{ userId: ann }]);
    expect(splitMentions('')).toEqual([]);
  });
});
