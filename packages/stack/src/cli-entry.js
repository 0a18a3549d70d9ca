#!/usr/bin/env node
/**
 * @module cli-entry — starts the `stack` CLI (cli.ts) with Node's compile cache already on. Plain
 * JavaScript on purpose: a TypeScript file found in the cache is not stripped again, so the type
 * stripper (a WebAssembly module that stays resident, ~17 MB) is never loaded once every file has been
 * seen; turned on inside cli.ts it would come too late for cli.ts and its imports (decision 173).
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./cli.ts');
