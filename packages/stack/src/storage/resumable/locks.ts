/**
 * @module storage/resumable/locks — one request at a time per upload, as storage-api's upload locker
 * gives. A HEAD sent right after an interrupted PATCH waits for that PATCH to finish writing, so the
 * offset it answers is the one a resume must start from.
 */
export class UploadLocks {
  readonly #tails = new Map<string, Promise<void>>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    this.#tails.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}
