import { describe, expect, it } from 'vitest';
import { deployFunction, link, pushMigrations, setSecrets } from './commands.ts';

describe('deploy command lines', () => {
  it('deploys a function through the API, turning JWT verification off only when config.toml does', () => {
    expect(deployFunction({ name: 'invite-member', verifyJwt: true }, 'abcdefghijklmnopqrst')).toEqual([
      'functions',
      'deploy',
      'invite-member',
      '--use-api',
      '--remote=abcdefghijklmnopqrst',
      '--yes',
    ]);
    expect(deployFunction({ name: 'webhook', verifyJwt: false }, 'abcdefghijklmnopqrst')).toContain(
      '--no-verify-jwt',
    );
  });

  it('pushes to the linked project, or to a database URL with TLS off on loopback', () => {
    expect(pushMigrations({ kind: 'linked', projectRef: 'abcdefghijklmnopqrst' }, true)).toEqual([
      'db',
      'push',
      '--remote',
      '--dry-run',
      '--yes',
    ]);
    expect(
      pushMigrations({ kind: 'url', dbUrl: 'postgresql://postgres:pw@127.0.0.1:5432/postgres' }, false),
    ).toEqual([
      'db',
      'push',
      '--remote=postgresql://postgres:pw@127.0.0.1:5432/postgres?sslmode=disable',
      '--yes',
    ]);
  });

  it('passes a profile to every command, and secrets only as a file', () => {
    const options = { profile: '/tmp/profile.yaml' };
    for (const command of [
      link('abcdefghijklmnopqrst', options),
      setSecrets('/tmp/functions.env', 'abcdefghijklmnopqrst', options),
    ]) {
      expect(command.slice(-2)).toEqual(['--profile', '/tmp/profile.yaml']);
    }
    expect(setSecrets('/tmp/functions.env', 'abcdefghijklmnopqrst')).toEqual([
      'secrets',
      'set',
      '--env-file',
      '/tmp/functions.env',
      '--remote=abcdefghijklmnopqrst',
      '--yes',
    ]);
  });
});
