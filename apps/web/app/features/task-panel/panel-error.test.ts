import { describe, expect, it } from 'vitest';
import { sayError } from './panel-error.tsx';

// What React Router hands an error boundary for a thrown `data(…, { status })`.
const answered = (status: number, data: unknown) => ({ status, statusText: '', internal: false, data });

describe('what the panel says when its task cannot be read', () => {
  it('calls a missing task and a task of someone else the same, with nothing to retry', () => {
    expect(sayError(answered(404, { code: 'NOT_FOUND' }))).toEqual({
      title: 'Task not found',
      text: 'This task no longer exists, or you do not have access to it.',
      retry: false,
    });
  });

  it('says the server cannot be reached when no answer came at all, and offers to try again', () => {
    expect(sayError(new TypeError('Failed to fetch'))).toMatchObject({
      title: 'Cannot reach the server',
      retry: true,
    });
  });

  it('gives the reference of a server failure, and nothing else of it', () => {
    const said = sayError(answered(500, { code: 'UNEXPECTED', requestId: 'req-42' }));
    expect(said.title).toBe('Something went wrong');
    expect(said.text).toContain('Reference: req-42.');
    expect(sayError(new Error('render blew up')).text).not.toContain('blew up');
  });
});
