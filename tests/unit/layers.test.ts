// Where code runs decides where it lives, and the linter holds every layer (eslint.config.js: src/lib below the
// features, the browser never reaching Node code, data modules at the bottom, Edge Functions self-contained, no
// circles). These tests prove the linter refuses each kind of wrong import, and keep what it cannot say: islands/
// holds only components that hydrate.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

describe('the linter refuses an import across a layer', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const LAYER_RULES = ['import-x/no-restricted-paths', 'import-x/no-cycle', 'no-restricted-imports'];
  /** The layer rules a file of this code at this path fails (it need not exist: its imports are resolved from there). */
  const refusals = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages
      .map((message) => message.ruleId)
      .filter((rule) => rule !== null && LAYER_RULES.includes(rule));
  };

  it.each([
    [
      'src/lib, below the features, importing the district page',
      'src/lib/rule.ts',
      "import { VOTING_TABLES_DEMAND } from '../district/voteRecords';",
      'import-x/no-restricted-paths',
    ],
    [
      'src/lib importing a component',
      'src/lib/rule.ts',
      "import { ICONS } from '../components/Icons';",
      'import-x/no-restricted-paths',
    ],
    [
      'a pure rule importing a build/ module',
      'src/district/rule.ts',
      "import { readBuiltPage } from './build/keptPages';",
      'import-x/no-restricted-paths',
    ],
    [
      'a view importing a node/ module',
      'src/district/view/Part.tsx',
      "import { scriptHash } from '../../lib/node/csp';",
      'import-x/no-restricted-paths',
    ],
    [
      'an island importing the mail sender',
      'src/alerts/islands/Form.tsx',
      "import { sendDueEmails } from '../node/mailSender';",
      'import-x/no-restricted-paths',
    ],
    [
      "a browser module importing the catalogues' reader",
      'src/search/browser/script.ts',
      "import { catalogue } from '../../i18n/catalogues';",
      'import-x/no-restricted-paths',
    ],
    [
      'a store importing a route',
      'src/district/stores/store.ts',
      "import { GET } from '../../pages/robots.txt';",
      'import-x/no-restricted-paths',
    ],
    ['a pure rule importing jsdom', 'src/lib/rule.ts', "import { JSDOM } from 'jsdom';", 'no-restricted-imports'],
    [
      'a client directive importing node:fs',
      'src/directives/directive.ts',
      "import { readFileSync } from 'node:fs';",
      'no-restricted-imports',
    ],
    [
      'a data module importing a rule',
      'src/lib/data/table.ts',
      "import { districtPath } from '../paths';",
      'import-x/no-restricted-paths',
    ],
    [
      "a feature's data module importing its rules",
      'src/alerts/data/table.ts',
      "import { US_STATES } from '../states';",
      'import-x/no-restricted-paths',
    ],
    [
      'an Edge Function importing the site',
      'supabase/functions/_shared/part.ts',
      "import { alertText } from '../../../src/alerts/alertText.ts';",
      'import-x/no-restricted-paths',
    ],
    [
      'a module importing one that imports it',
      'src/lib/paths.ts',
      "import { meetingAnchor } from './record/meetingLinks';\nexport function districtPath(): string { return ''; }",
      'import-x/no-cycle',
    ],
  ])('%s', async (_label, filePath, imports, rule) => {
    expect(await refusals(filePath, `${imports}\n`)).toContain(rule);
  });

  it.each([
    ['a feature importing src/lib', 'src/district/rule.ts', "import { districtPath } from '../lib/paths';"],
    [
      'a build/ module importing Node code and packages',
      'src/district/build/part.ts',
      "import { readFileSync } from 'node:fs';\nimport { scriptHash } from '../../lib/node/csp';",
    ],
    [
      "a feature's data module importing the shared data modules and its own",
      'src/alerts/data/table.ts',
      "import { QueryError } from '../../lib/data/queryError';\nimport { TABLE } from './alerts';",
    ],
    [
      'an Edge Function importing its generated copy',
      'supabase/functions/_shared/part.ts',
      "import { alertText } from './alertText.js';",
    ],
  ])('and lets through %s', async (_label, filePath, imports) => {
    expect(await refusals(filePath, `${imports}\n`)).toEqual([]);
  });
});

/** Every folder under src/ with this name (src/components/islands, src/district/islands, …). */
const folders = (name: string) =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.split('/').at(-1) === name && !path.includes('tests/'))
    .map((path) => join(SRC, path));

describe('islands/ holds only what hydrates', () => {
  it('every component in it is rendered with a client: directive somewhere (its styles may sit beside it)', () => {
    const astro = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.astro'))
      .map((file) => readFileSync(join(SRC, file), 'utf8'))
      .join('\n');
    const islands = folders('islands')
      .flatMap((dir) => readdirSync(dir))
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => file.replace(/\.tsx?$/, ''));
    expect(islands.length).toBeGreaterThan(5);
    const notHydrated = islands.filter((name) => !new RegExp(`<${name}\\s[^>]*client:`).test(astro));
    expect(notHydrated).toEqual([]);
  });
});
