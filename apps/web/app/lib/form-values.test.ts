import { describe, expect, it } from 'vitest';
import { formText } from './form-values.ts';

describe('formText', () => {
  it('reads text as posted, and a missing field or a file as empty', () => {
    const form = new FormData();
    form.set('title', '  Ship it ');
    form.set('file', new File(['x'], 'x.txt'));
    expect(formText(form, 'title')).toBe('  Ship it ');
    expect(formText(form, 'missing')).toBe('');
    expect(formText(form, 'file')).toBe('');
  });
});
