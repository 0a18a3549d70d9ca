/**
 * @module util/lazy — a dependency loaded on first use, once: the stack's idle memory and start-up time
 * stay free of libraries (sharp's libvips, @simplewebauthn's crypto stack) that only some requests need.
 */

/** Returns a loader that imports once and hands every caller the same promise. */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    if (!loaded) {
      loaded = load();
      // A failed import (a missing native binary) is tried again next time rather than remembered.
      loaded.catch(() => (loaded = undefined));
    }
    return loaded;
  };
}
