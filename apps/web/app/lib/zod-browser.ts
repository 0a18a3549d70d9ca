/**
 * @module lib/zod-browser — zod without its `new Function` fast path in the browser. Zod probes for eval the
 * first time it builds an object schema; under our CSP (no 'unsafe-eval') that probe is caught but still reported
 * as a violation. Imported first by root.tsx, so it runs before any schema module is evaluated.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });
