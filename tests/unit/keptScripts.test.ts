// The client files a page route names, as its kept pages' version: the entry points an .astro module names (what
// Astro's compiler records of it), and the version made of the file names the client bundle gave them.
import { describe, expect, it } from 'vitest';
import { clientEntries, scriptsVersion } from '../../src/district/build/keptScripts';

const ROOT = '/site';

describe('clientEntries', () => {
  it.each([
    ['a module Astro did not compile (TypeScript, a package)', '/site/src/lib/paths.ts', undefined, []],
    [
      'a hydrated component, by its resolved file',
      '/site/src/pages/[id].astro',
      { hydratedComponents: [{ specifier: '../islands/A', resolvedPath: '/site/src/islands/A.tsx' }] },
      ['/site/src/islands/A.tsx'],
    ],
    [
      'a resolved file written as a URL is read as the file',
      '/site/src/pages/[id].astro',
      { hydratedComponents: [{ specifier: '../islands/A', resolvedPath: '/site/src/islands/%5Bid%5D.tsx' }] },
      ['/site/src/islands/[id].tsx'],
    ],
    [
      'a component shown in the browser only, by its specifier when unresolved',
      '/site/src/pages/login.astro',
      { clientOnlyComponents: [{ specifier: 'some-package/Widget' }] },
      ['some-package/Widget'],
    ],
    [
      "each <script>, as Astro names it for the client bundle (the module's query left off)",
      '/site/src/components/NavBar.astro?astro&type=style&index=0',
      { scripts: [{}, {}] },
      [
        '/site/src/components/NavBar.astro?astro&type=script&index=0&lang.ts',
        '/site/src/components/NavBar.astro?astro&type=script&index=1&lang.ts',
      ],
    ],
    [
      'a module Vite reads from outside the root (/@fs/…) is named by its file',
      '/@fs/elsewhere/Shared.astro',
      { scripts: [{}] },
      ['/elsewhere/Shared.astro?astro&type=script&index=0&lang.ts'],
    ],
  ])('%s', (_, id, meta, entries) => {
    expect(clientEntries(id, meta)).toEqual(entries);
  });
});

describe('scriptsVersion', () => {
  const bundles = new Map([
    ['/site/src/islands/A.tsx', '_astro/A.111.js'],
    ['/site/src/islands/B.tsx', '_astro/B.222.js'],
  ]);
  const version = scriptsVersion(ROOT, ['/site/src/islands/A.tsx'], bundles, ['_astro/client.999.js']);

  it.each([
    [
      'the same entry points, one named twice: the same version',
      ['/site/src/islands/A.tsx', '/site/src/islands/A.tsx'],
      bundles,
      ['_astro/client.999.js'],
      true,
    ],
    [
      'the same files in a project kept in another folder: the same version',
      ['/elsewhere/src/islands/A.tsx'],
      new Map([['/elsewhere/src/islands/A.tsx', '_astro/A.111.js']]),
      ['_astro/client.999.js'],
      true,
    ],
    [
      'a bundle the page names renamed: another version',
      ['/site/src/islands/A.tsx'],
      new Map([['/site/src/islands/A.tsx', '_astro/A.333.js']]),
      ['_astro/client.999.js'],
      false,
    ],
    [
      'a bundle the page does not name renamed: the same version',
      ['/site/src/islands/A.tsx'],
      new Map([...bundles, ['/site/src/islands/B.tsx', '_astro/B.444.js']]),
      ['_astro/client.999.js'],
      true,
    ],
    ['the renderer renamed: another version', ['/site/src/islands/A.tsx'], bundles, ['_astro/client.000.js'], false],
    [
      'an island more: another version',
      ['/site/src/islands/A.tsx', '/site/src/islands/B.tsx'],
      bundles,
      ['_astro/client.999.js'],
      false,
    ],
    [
      'a script Astro inlined (no bundle of its own) more: another version',
      ['/site/src/islands/A.tsx', '/site/src/C.astro?astro&type=script&index=0&lang.ts'],
      bundles,
      ['_astro/client.999.js'],
      false,
    ],
  ])('%s', (_, entries, named, renderers, same) => {
    const root = entries[0].startsWith('/elsewhere') ? '/elsewhere' : ROOT;
    expect(scriptsVersion(root, entries, named, renderers) === version).toBe(same);
  });
});
