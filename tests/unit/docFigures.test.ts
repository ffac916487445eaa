// The operator's tables read from the code, not from memory: every command the docs name is an npm script and every
// npm script is in docs/operations.md's table of commands; the ports the README names are the stack's own defaults;
// the gateway's caps and timeouts in docs/security.md are the gateway's constants; the codes the database answers are
// the ones docs/security.md lists.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { stackConfig } from '../../scripts/lib/stackConfig.mjs';
import { testPorts } from '../../scripts/lib/testStack.mjs';
import { ALERT_GOALS, IMPORT_GOALS, PAGE_GOALS, SEARCH_GOALS } from '../../scripts/lib/benchGoals.mjs';
import { BUILD_GOALS } from '../../scripts/lib/buildGoals.mjs';
import {
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  MAX_BODY_BYTES,
  SERVICE_MAX_BODY_BYTES,
  MAX_URL_BYTES,
  REQUEST_TIMEOUT_MS,
} from '../../scripts/lib/gateway.mjs';
import { SERVER_CODES } from '../../src/i18n/serverText';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const DOCS = [
  'README.md',
  ...[
    'operations',
    'import',
    'email',
    'security',
    'search',
    'alerts',
    'following',
    'languages',
    'performance',
    'architecture',
  ].map((name) => `docs/${name}.md`),
];

/** The npm scripts a text names: `npm run name`, `npm test`, `npm start`, and the further names listed in one code span after `npm run x`, (`bench:build`). */
export function namedCommands(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/`npm (test|start)\b/g)) found.add(match[1]);
  for (const match of text.matchAll(/npm run ([a-z][\w:-]*)/g)) found.add(match[1]);
  // A row that lists several: `npm run bench:pages`, `bench:build`, `bench:search`
  for (const line of text.split('\n').filter((row) => row.startsWith('|') && row.includes('`npm run ')))
    for (const match of line.split('|')[1].matchAll(/`([a-z]+:[\w:-]+)`/g)) found.add(match[1]);
  return [...found];
}

/** The first table under a heading of operations.md that starts with '| command'. */
function commandTable(text: string): string {
  const start = text.indexOf('| command');
  const end = text.indexOf('\n\n', start);
  return text.slice(start, end === -1 ? undefined : end);
}

describe('namedCommands', () => {
  it.each([
    ['run `npm start`, then `npm run import -- folder`', ['start', 'import']],
    ['| `npm run bench:pages`, `bench:build` | the benchmarks |', ['bench:pages', 'bench:build']],
    ['`npm test -- file`', ['test']],
  ])('%s', (text, commands) => {
    expect(namedCommands(text).sort()).toEqual([...commands].sort());
  });
});

describe('the commands', () => {
  const scripts = Object.keys(pkg.scripts);

  it('every command the README and docs name is an npm script', () => {
    const unknown = DOCS.flatMap((path) =>
      namedCommands(read(path))
        .filter((name) => !scripts.includes(name))
        .map((name) => `${path}: npm run ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('every npm script is in the operator’s table of commands (docs/operations.md)', () => {
    const listed = namedCommands(commandTable(read('docs/operations.md')));
    // Install steps run themselves.
    const missing = scripts.filter((name) => !['preinstall', 'postinstall'].includes(name) && !listed.includes(name));
    expect(missing).toEqual([]);
  });
});

describe('the ports the README names', () => {
  it('are the local stack’s defaults and the tests’ stack’s', () => {
    const saved = { ...process.env };
    for (const name of ['API_PORT', 'DB_PORT', 'POSTGREST_PORT', 'CATCHER_SMTP_PORT', 'INBOX_PORT', 'PORT', 'SITE_URL'])
      delete process.env[name];
    try {
      const config = stackConfig();
      const readme = read('README.md');
      expect(readme).toContain(`http://localhost:${new URL(config.siteUrl).port}`);
      expect(readme).toContain(`http://127.0.0.1:${config.apiPort}`);
      expect(readme).toContain(`Postgres at 127.0.0.1:${config.dbPort}`);
      expect(readme).toContain(`http://127.0.0.1:${config.inboxPort}`);
      expect(readme).toContain(`SMTP at 127.0.0.1:${config.smtpPort}`);
      const tests = testPorts(25400);
      expect(readme).toContain(`${tests.apiPort}/${tests.dbPort}`);
    } finally {
      process.env = saved;
    }
  });
});

describe('the gateway’s caps and timeouts in docs/security.md', () => {
  const security = read('docs/security.md');
  const row = (words: string) =>
    security.split('\n').find((line) => line.startsWith('|') && line.includes(words)) ?? '';

  it.each([
    ['an address over', `${MAX_URL_BYTES / 1024} KB`],
    ['a body over', `${MAX_BODY_BYTES / 1024} KB`],
    ['a body over', `${SERVICE_MAX_BODY_BYTES / 1024 / 1024} MB for the service role`],
    ['sends no request', `${HEADERS_TIMEOUT_MS / 1000} s`],
    ['body arrives too slowly', `${REQUEST_TIMEOUT_MS / 1000} s`],
    ['kept-alive connection', `${KEEP_ALIVE_TIMEOUT_MS / 1000} s`],
  ])('the row on %s says %s', (words, figure) => {
    expect(row(words)).toContain(figure);
  });
});

describe('the codes the database answers', () => {
  it('are the codes docs/security.md lists, and no others', () => {
    const security = read('docs/security.md');
    const listed = new Set(
      [...security.matchAll(/`((?:field|form|limit|search|topic|api)\.[a-z_]+)`/g)].map((match) => match[1]),
    );
    const answered = new Set<string>(SERVER_CODES);
    expect([...answered].filter((code) => !listed.has(code))).toEqual([]);
    expect([...listed].filter((code) => !answered.has(code))).toEqual([]);
  });
});

describe('the goals table of docs/performance.md', () => {
  const text = read('docs/performance.md');
  const rows = text
    .slice(text.indexOf('## Goals'), text.indexOf('\n## ', text.indexOf('## Goals') + 1))
    .split('\n')
    .filter((line) => /^\| bench:/.test(line));
  const row = (bench: string) =>
    rows
      .filter((line) => line.startsWith(`| ${bench} `))
      .join(' ')
      .replace(/\s+/g, ' ');
  const n = (value: number) => value.toLocaleString('en-US');
  const english = BUILD_GOALS.english;

  it.each([
    [
      'bench:pages',
      [
        `/about under ${PAGE_GOALS.jsKB.about} KB`,
        `every other route under ${PAGE_GOALS.jsKB.other} KB`,
        `within ${PAGE_GOALS.tapMs} ms`,
        `performance ${PAGE_GOALS.scores.performance}`,
        `accessibility ${PAGE_GOALS.scores.accessibility}`,
        `best practices ${PAGE_GOALS.scores['best-practices']}`,
        `SEO ${PAGE_GOALS.scores.seo}`,
      ],
    ],
    [
      'bench:build',
      [
        `within ${english.ratio.first}x a bare build's wall time`,
        `${english.cpuRatio.first}x its CPU seconds`,
        `and ${english.seconds.first / 60} minutes`,
        `unchanged rebuild within ${english.ratio.unchanged}x`,
        `nightly within ${english.ratio.nightly}x and ${english.seconds.nightly / 60} minutes`,
        `within ${n(english.peakMB)} MB (English`,
        `or ${n(BUILD_GOALS.languages.peakMB)} MB (three languages`,
      ],
    ],
    [
      'bench:import',
      [
        `empty database within ${IMPORT_GOALS.first} s`,
        `unchanged and 1% changed within ${IMPORT_GOALS.unchanged} s each`,
        `votes.csv within ${IMPORT_GOALS.big} s`,
        `peak memory within ${n(IMPORT_GOALS.peakMB)} MB`,
      ],
    ],
    [
      'bench:search',
      [
        `database p95 within ${SEARCH_GOALS.districtMs} ms`,
        `within ${SEARCH_GOALS.oneYear.typicalMs} ms (${SEARCH_GOALS.oneYear.costliestMs} ms for the costliest`,
        `five school years ${SEARCH_GOALS.fiveYears.typicalMs} and ${SEARCH_GOALS.fiveYears.costliestMs} ms`,
        `recall ${SEARCH_GOALS.recallPercent} %`,
      ],
    ],
    ['bench:alerts', [`within ${ALERT_GOALS.seconds} s and ${n(ALERT_GOALS.peakMB)} MB`]],
  ])('%s states the goals its benchmark judges', (bench, phrases) => {
    expect(IMPORT_GOALS.changed).toBe(IMPORT_GOALS.unchanged);
    for (const phrase of phrases) expect(row(bench)).toContain(phrase);
  });
});
