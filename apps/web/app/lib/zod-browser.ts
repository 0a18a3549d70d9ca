/**
 * @module lib/zod-browser — zod without its `new Function` fast path in the browser. Zod probes for eval the
 * first time it builds an object schema; under our CSP (no 'unsafe-eval') that probe is caught but still reported
 * as a violation. Imported first by root.tsx, so it runs before any schema module is evaluated.
 *
 * It writes zod's config object on `globalThis.__zod_globalConfig` (where zod 4 keeps it, shared by every copy
 * of zod, and what `z.config()` assigns to) instead of calling `z.config`: importing zod here put zod's core
 * utilities (3.9 KB gzip) in every page's first paint (decision 199). zod-browser.test.ts checks that zod reads it.
 */
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

export function makeZodJitless(scope: ZodGlobal = globalThis as ZodGlobal): void {
  scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
}

if (typeof document !== 'undefined') makeZodJitless();
