/**
 * @module deploy/summary — the job summary GitHub shows on the run's page (`$GITHUB_STEP_SUMMARY`);
 * without that variable (a laptop) the sections are simply not written.
 */
import { appendFileSync } from 'node:fs';

export function summarySection(file: string | undefined, title: string, body: string): void {
  if (!file) return;
  const fence = body.includes('```') ? '~~~' : '```';
  appendFileSync(file, `### ${title}\n\n${fence}text\n${body.trimEnd()}\n${fence}\n\n`);
}
