// How every script with options reads its command line (scripts/lib/commandLine.mjs): node:util's parseArgs, a value
// after a space as after '=', --help answered, and anything unknown refused in one line; then each script run as npm
// runs it, refusing before it starts anything.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCommandLine, wholeNumber } from '../../scripts/lib/commandLine.mjs';

const spec = {
  usage: 'Usage: bench -- [N] [--preset english|languages]',
  options: { preset: { type: 'string' as const, default: 'english' }, quiet: { type: 'boolean' as const } },
  positionals: 1,
};

describe('readCommandLine', () => {
  it.each([
    [['--preset', 'languages'], { preset: 'languages' }, []],
    [['--preset=languages'], { preset: 'languages' }, []],
    [['500', '--preset', 'languages'], { preset: 'languages' }, ['500']],
    [['--preset', 'languages', '500'], { preset: 'languages' }, ['500']],
    [[], { preset: 'english' }, []],
    [['--quiet'], { preset: 'english', quiet: true }, []],
  ])('reads %j', (args, values, positionals) => {
    const read = readCommandLine(args, spec);
    expect(read).toEqual({ kind: 'read', values, positionals });
  });

  it.each([[['--help']], [['-h']], [['500', '--help']]])('answers %j with the usage', (args) => {
    expect(readCommandLine(args, spec)).toEqual({ kind: 'help', text: spec.usage });
  });

  it.each([
    [['--presets', 'x'], "Unknown option '--presets'."],
    [['--preset'], "Option '--preset <value>' argument missing."],
    [['1', '2'], "Unexpected argument '2': it takes at most 1."],
    [['--quiet=yes'], "Option '--quiet' does not take an argument."],
  ])('refuses %j in one line', (args, message) => {
    const read = readCommandLine(args, spec);
    expect(read.kind).toBe('refused');
    if (read.kind !== 'refused') return;
    expect(read.message).toBe(message);
    expect(read.message).not.toContain('\n');
  });

  it('refuses any argument when a script takes none', () => {
    expect(readCommandLine(['extra'], { usage: 'Usage: x' }).kind).toBe('refused');
    expect(readCommandLine(['--fast'], { usage: 'Usage: x' }).kind).toBe('refused');
  });
});

describe('wholeNumber', () => {
  it.each([
    ['500', 0, 500],
    ['20_000', 1, 20000],
    ['0', 1, null],
    ['NaN', 0, null],
    ['1.5', 0, null],
    ['-3', 0, null],
    ['', 0, null],
    ['5x', 0, null],
  ])('reads %j (at least %d) as %j', (text, min, value) => {
    expect(wholeNumber(text, min)).toBe(value);
  });
});

describe('the scripts', () => {
  const run = (script: string, args: string[]) =>
    spawnSync(process.execPath, [fileURLToPath(new URL(`../../scripts/${script}`, import.meta.url)), ...args], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      timeout: 30_000,
    });

  it.each([
    'bench-build.mjs',
    'bench-search.mjs',
    'bench-alerts.mjs',
    'bench-sanitize.mjs',
    'bench-pages.mjs',
    'fixtures-scale.mjs',
    'load-writes.mjs',
    'fuzz-api.mjs',
    'votes-report.mjs',
    'video-demo.mjs',
    'mail-send.mjs',
  ])('%s answers --help and refuses an unknown option in one line with exit code 2', (script) => {
    const help = run(script, ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run /);
    const refused = run(script, ['--no-such-option']);
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim()).toBe("Unknown option '--no-such-option'. (--help lists what it takes)");
  });

  it.each([
    ['bench-import.mjs', 'Usage: npm run bench:import'],
    ['build.mjs', 'Usage: npm run build'],
    ['check.mjs', 'Usage: npm run check'],
    ['start.mjs', 'Usage: npm start'],
    ['stack.mjs', 'Usage: npm run stack'],
    ['functions-shared.mjs', 'Usage: npm run functions:shared'],
    ['e2e-stack.mjs', 'Usage: node scripts/e2e-stack.mjs'],
    ['serve-site.mjs', 'Usage: node scripts/serve-site.mjs'],
  ])(
    '%s answers --help with its usage and refuses an unknown option in one line before it starts anything',
    (script, usage) => {
      const help = run(script, ['--help']);
      expect(help.status).toBe(0);
      expect(help.stdout.startsWith(usage)).toBe(true);
      const refused = run(script, ['--no-such-option']);
      expect(refused.status).toBe(2);
      expect(refused.stderr.trim()).toBe("Unknown option '--no-such-option'. (--help lists what it takes)");
    },
  );

  it('npm test answers --help itself, and passes every other argument to Playwright', () => {
    const help = run('test.mjs', ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm test \[-- PLAYWRIGHT ARGUMENTS…\]/);
  });

  it('stack.mjs leaves what follows --then to the command, and refuses --then with none', () => {
    const refused = run('stack.mjs', ['--then']);
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim()).toBe(
      '--then needs a command (npm run dev gives it astro dev). (--help lists what it takes)',
    );
  });

  it('refuses a count that is not a whole number before building anything', () => {
    const refused = run('bench-build.mjs', ['--preset', 'languages', 'many']);
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim()).toBe(
      "N must be a whole number of at least 1; got 'many'. (--help lists what it takes)",
    );
  });
});
