/**
 * @module storage/files — object bytes on local disk. Files are addressed by the object's version
 * (a server-made UUID), never by a user-supplied name: `<root>/objects/<v[0..2]>/<version>`, so no
 * key can reach outside the storage folder. Uploads land in `<root>/tmp` first and are renamed in
 * place only once the metadata row is written, so a failed upload leaves nothing behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { errors } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StagedFile {
  path: string;
  size: number;
  /** storage-api's ETag: the quoted MD5 of the bytes. */
  eTag: string;
}

/** Reads and drops the rest of a body in the background, so the request completes normally. */
export function drain(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  void (async () => {
    while (!(await reader.read()).done);
  })().catch(() => {});
}

export class FileStore {
  readonly root: string;
  /** Called with each removed version, so in-memory caches of it go too. */
  readonly #onRemove: (version: string) => void;

  constructor(root: string, onRemove: (version: string) => void = () => {}) {
    this.root = root;
    this.#onRemove = onRemove;
  }

  /** Where a version's bytes live; throws unless `version` is one of our UUIDs. */
  objectPath(version: string): string {
    if (!UUID.test(version)) throw errors.internal('invalid object version');
    return join(this.root, 'objects', version.slice(0, 2), version);
  }

  /** The folder holding transformed renditions of a version. */
  cacheDir(version: string): string {
    if (!UUID.test(version)) throw errors.internal('invalid object version');
    return join(this.root, 'cache', version);
  }

  /**
   * Streams `body` into a temp file, refusing more than `limit` bytes (EntityTooLarge); the temp
   * file is removed on any failure. The body is never cancelled, only drained: cancelling a request
   * stream that Node is still feeding can crash the process (an enqueue on a closed controller).
   */
  async stage(body: ReadableStream<Uint8Array> | null, limit: number): Promise<StagedFile> {
    const dir = join(this.root, 'tmp');
    await mkdir(dir, { recursive: true });
    const path = join(dir, randomUUID());
    const hash = createHash('md5');
    let size = 0;
    const file = await open(path, 'w');
    const reader = body?.getReader();
    try {
      for (;;) {
        if (!reader) break;
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > limit) throw errors.entityTooLarge();
        hash.update(value);
        await file.write(value);
      }
      await file.close();
    } catch (error) {
      if (reader) drain(reader);
      await file.close().catch(() => {});
      await rm(path, { force: true });
      throw error;
    }
    return { path, size, eTag: `"${hash.digest('hex')}"` };
  }

  /** Moves a staged file to its version's place. */
  async commit(staged: StagedFile, version: string): Promise<void> {
    const target = this.objectPath(version);
    await mkdir(join(target, '..'), { recursive: true });
    await rename(staged.path, target);
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.path, { force: true });
  }

  async copy(fromVersion: string, toVersion: string): Promise<void> {
    const target = this.objectPath(toVersion);
    await mkdir(join(target, '..'), { recursive: true });
    await copyFile(this.objectPath(fromVersion), target);
  }

  /** Removes a version's bytes and its cached renditions; missing files are fine. */
  async remove(version: string | null | undefined): Promise<void> {
    if (!version || !UUID.test(version)) return;
    this.#onRemove(version);
    await rm(this.objectPath(version), { force: true });
    await rm(this.cacheDir(version), { recursive: true, force: true });
  }

  async size(version: string): Promise<number | null> {
    try {
      return (await stat(this.objectPath(version))).size;
    } catch {
      return null;
    }
  }

  /** A Web stream of a file's bytes, optionally a byte range (inclusive `end`). */
  read(path: string, range?: { start: number; end: number }): ReadableStream<Uint8Array> {
    return Readable.toWeb(createReadStream(path, range)) as unknown as ReadableStream<Uint8Array>;
  }
}
