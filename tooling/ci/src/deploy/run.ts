/**
 * @module deploy/run — runs the Supabase CLI (npm package `supabase`, with this Node) for the deploy:
 * prints each command line and the CLI's output with every secret masked.
 */
import { spawn } from 'node:child_process';
import { supabaseCliEntry } from '@lanes/stack/database';
import type { Command } from './commands.ts';

/** Masks the given secret values and the password of any database URL. */
export function redactor(secrets: (string | undefined)[]): (text: string) => string {
  const values = secrets.filter((s): s is string => !!s && s.length >= 4);
  return (text) => {
    let out = text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]+:)[^@\s]+@/g, '$1***@');
    for (const value of values) out = out.split(value).join('***');
    return out;
  };
}

export interface CliRun {
  workdir: string;
  /** Added to this process's environment (credentials the CLI reads). */
  env: Record<string, string | undefined>;
  redact: (text: string) => string;
  print: (text: string) => void;
}

export interface CliResult {
  code: number;
  /** stdout and stderr, redacted, in arrival order. */
  output: string;
}

export function runCli(args: Command, run: CliRun): Promise<CliResult> {
  run.print(`$ supabase ${run.redact(args.join(' '))}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [supabaseCliEntry(), ...args, '--workdir', run.workdir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...run.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
    });
    let output = '';
    const take = (chunk: Buffer) => {
      const text = run.redact(chunk.toString('utf8'));
      output += text;
      run.print(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
