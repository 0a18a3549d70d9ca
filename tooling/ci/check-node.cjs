// check-node — the root `preinstall`: on a Node older than the one in .node-version, stop the first
// `pnpm install` with what to do, instead of an engine warning followed by cryptic failures later.
// Plain CommonJS with no dependencies, so any Node that can run pnpm 10 (18 and up) runs it.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const wanted = Number(readFileSync(join(__dirname, '..', '..', '.node-version'), 'utf8').trim());
const found = process.versions.node;
const major = Number(found.split('.')[0]);

if (major < wanted) {
  process.stderr.write(
    [
      '',
      `Lanes needs Node ${wanted}; this is Node ${found}.`,
      `Install Node ${wanted}, then run the same command again. Any one of:`,
      `  pnpm env use --global ${wanted}  (pnpm downloads and switches Node for you)`,
      '  nvm install && nvm use    (reads .nvmrc)',
      '  fnm install && fnm use    (reads .node-version)',
      `  or the Node ${wanted} installer from https://nodejs.org`,
      '',
    ].join('\n'),
  );
  process.exit(1);
}
if (major > wanted) {
  process.stderr.write(`Lanes is tested on Node ${wanted}; this is Node ${found}. Continuing.\n`);
}
