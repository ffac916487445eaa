// `npm run import` itself: --help prints the usage; an unknown or incomplete option is one line and exit code 2,
// never a stack trace, and nothing is read or written.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/import.mjs', ...args], {
    encoding: 'utf8',
    // No database is reached: a test of the options must not depend on one.
    env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
  });

describe('npm run import -- --help and wrong options', () => {
  it('prints the usage with every option for --help and -h, exit code 0', () => {
    for (const flag of ['--help', '-h']) {
      const result = run(flag);
      expect(result.status).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^Usage: npm run import -- <file or folder>…/);
      for (const option of ['--dry-run', '--skip-invalid', '--replace', '--report FILE', '--history [N]', '--help'])
        expect(result.stdout).toContain(`  ${option}`);
    }
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'. See npm run import -- --help.\n"],
    [['folder', '--replce'], "Unknown option '--replce'. See npm run import -- --help.\n"],
    [['folder', '--report'], "Option '--report <value>' argument missing. See npm run import -- --help.\n"],
  ])('%j is one line on stderr and exit code 2', (args, line) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(line);
  });
});
