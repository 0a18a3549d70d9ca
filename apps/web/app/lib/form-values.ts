/**
 * @module lib/form-values — a posted field as text. A field that is missing, or a file where text was expected
 * (a hand-made post), reads as '' so the operation's own parse gives the refusal, never a crash here.
 */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
