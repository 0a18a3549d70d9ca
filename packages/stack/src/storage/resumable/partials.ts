/**
 * @module storage/resumable/partials — resumable uploads on disk, under `<storage root>/resumable`:
 * the bytes so far in `<version>` (its size is the upload's offset) and what the creation said in
 * `<version>.json`, which stays, marked finished, once the bytes became the object. Both outlive a
 * restart of the stack; an upload past its expiry is swept away.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { drain } from '../files.ts';
import type { UploadMetadata } from './metadata.ts';
import { EXPIRY_MS, tusErrors } from './protocol.ts';
import type { UploadId } from './upload-id.ts';

export interface PartialInfo {
  bucket: string;
  name: string;
  version: string;
  /** Absent while the length is deferred (creation-defer-length). */
  size?: number;
  /** The client's metadata, cacheControl already rewritten as storage-api stores it. */
  metadata: UploadMetadata;
  /** ISO time of creation; the upload expires EXPIRY_MS later. */
  created: string;
  /** Its bytes became the object; the info stays until expiry, so HEAD answers "complete" as hosted does. */
  finished?: boolean;
}

export interface Partial extends PartialInfo {
  offset: number;
  path: string;
}

/** What is kept on disk of a partial: everything but its offset and path, which the bytes file gives. */
function infoOf({ offset: _offset, path: _path, ...info }: Partial): PartialInfo {
  return info;
}

export const expiresAt = (info: PartialInfo) => new Date(Date.parse(info.created) + EXPIRY_MS);

export class PartialStore {
  readonly dir: string;

  constructor(storageRoot: string) {
    this.dir = join(storageRoot, 'resumable');
  }

  #bytes = (version: string) => join(this.dir, version);
  #info = (version: string) => join(this.dir, `${version}.json`);

  async create(info: PartialInfo): Promise<Partial> {
    await mkdir(this.dir, { recursive: true });
    // Info first: a sweep running meanwhile removes bytes that have no info beside them.
    await this.saveInfo(info);
    await writeFile(this.#bytes(info.version), '');
    return { ...info, offset: 0, path: this.#bytes(info.version) };
  }

  /** Writes the info beside the bytes, atomically, so a crash never leaves half a JSON file. */
  async saveInfo(info: PartialInfo): Promise<void> {
    const temp = `${this.#info(info.version)}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(info));
    await rename(temp, this.#info(info.version));
  }

  /** The upload `id` names, or FILE_NOT_FOUND; bytes missing under a known info is 410, as tus says. */
  async get(id: UploadId): Promise<Partial> {
    let info: PartialInfo;
    try {
      info = JSON.parse(await readFile(this.#info(id.version), 'utf8'));
    } catch {
      throw tusErrors.fileNotFound();
    }
    // The id carries the target; one that names another bucket or key than the creation did is not ours.
    if (info.bucket !== id.bucket || info.name !== id.name) throw tusErrors.fileNotFound();
    if (info.finished) return { ...info, offset: info.size ?? 0, path: this.#bytes(id.version) };
    try {
      const { size } = await stat(this.#bytes(id.version));
      return { ...info, offset: size, path: this.#bytes(id.version) };
    } catch {
      throw tusErrors.gone();
    }
  }

  /**
   * Appends `body` at the partial's end, refusing more than `limit` bytes (413 Maximum size exceeded).
   * Bytes received before a client went away stay: they are the offset a resume starts from.
   */
  async append(partial: Partial, body: ReadableStream<Uint8Array> | null, limit: number): Promise<number> {
    const reader = body?.getReader();
    if (!reader) return partial.offset;
    const file = await open(partial.path, 'r+');
    let offset = partial.offset;
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch {
          throw tusErrors.writeError();
        }
        if (chunk.done) break;
        if (offset + chunk.value.length - partial.offset > limit) {
          drain(reader);
          throw tusErrors.maxSizeExceeded();
        }
        await file.write(chunk.value, 0, chunk.value.length, offset);
        offset += chunk.value.length;
      }
    } finally {
      await file.close();
    }
    return offset;
  }

  /** storage-api's ETag of the finished bytes: their quoted MD5. */
  async eTag(partial: Partial): Promise<string> {
    const hash = createHash('md5');
    for await (const chunk of createReadStream(partial.path)) hash.update(chunk as Buffer);
    return `"${hash.digest('hex')}"`;
  }

  /** Records the length a deferred upload declared (`partial.size`). */
  async declareLength(partial: Partial): Promise<void> {
    await this.saveInfo(infoOf(partial));
  }

  /** Marks an upload finished once its bytes have become the object's. */
  async finished(partial: Partial): Promise<void> {
    await this.saveInfo({ ...infoOf(partial), size: partial.offset, finished: true });
  }

  /** Forgets an upload: its info, and its bytes unless they have become an object's. */
  async remove(version: string): Promise<void> {
    await rm(this.#info(version), { force: true });
    await rm(this.#bytes(version), { force: true });
  }

  /** Removes every upload past its expiry (and bytes whose info is gone); returns how many. */
  async sweep(now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const version = name.replace(/\.json$/, '');
      if (name.endsWith('.tmp')) continue;
      if (!name.endsWith('.json')) {
        if (!names.includes(`${name}.json`)) await rm(join(this.dir, name), { force: true });
        continue;
      }
      try {
        const info: PartialInfo = JSON.parse(await readFile(join(this.dir, name), 'utf8'));
        if (expiresAt(info).getTime() >= now) continue;
      } catch {
        // Unreadable info cannot be resumed either.
      }
      await this.remove(version);
      removed++;
    }
    return removed;
  }
}
