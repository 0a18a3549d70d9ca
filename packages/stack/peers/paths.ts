/** @module peers/paths — where the peer suites and their results live: `.peers/` beside package.json. */
import { join } from 'node:path';

const packageDir = join(import.meta.dirname, '..');

/** The extracted supabase-js suites with their node_modules. */
export const peersHome = () => join(packageDir, '.peers', 'supabase-js');
/** The supabase-js commit the suites came from. */
export const sourceFile = () => join(packageDir, '.peers', 'SOURCE');
/** Per-suite results: failures and the stack's log. */
export const resultsDir = () => join(packageDir, '.peers', 'results');
