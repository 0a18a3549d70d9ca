/** @module storage/deps — what every storage handler needs, built once in `build()`. */
import type { Jwt } from '../jwt.ts';
import type { StorageDb } from './db.ts';
import type { DecodeCache } from './decoded.ts';
import type { FileStore } from './files.ts';
import type { UploadLocks } from './resumable/locks.ts';
import type { PartialStore } from './resumable/partials.ts';

export interface StorageDeps {
  db: StorageDb;
  files: FileStore;
  /** Decoded JPEG sources for image transforms, by version. */
  decoded: DecodeCache;
  jwt: Jwt;
  /** config.toml's `[storage] file_size_limit`, in bytes. */
  fileSizeLimit: number;
  /** Unfinished resumable (TUS) uploads on disk, and one lock per upload. */
  partials: PartialStore;
  locks: UploadLocks;
}
