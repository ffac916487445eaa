// The islands' bundled messages: every built language's and no other, and an island nobody named is refused.
import { describe, expect, it } from 'vitest';
import { ISLAND_MESSAGES_PREFIX, islandMessages } from '../islandMessages';
import type { Locale } from '../locales';

const pickers = { greeting: (locale: Locale) => ({ 'demo.hello': `hello in ${locale}` }) };

/** What the plugin answers for an import, with the given SITE_LOCALES. */
function loaded(id: string, siteLocales?: string): unknown {
  const plugin = islandMessages(pickers, { SITE_LOCALES: siteLocales });
  const resolved = (plugin.resolveId as (id: string) => string | null)(id);
  if (resolved === null) return null;
  const code = (plugin.load as (id: string) => string | null)(resolved);
  return code === null ? null : JSON.parse(code.replace(/^export default /, '').replace(/;$/, ''));
}

describe('islandMessages', () => {
  it.each([
    [undefined, ['en', 'es', 'zh']],
    ['en', ['en']],
    ['es', ['en', 'es']],
  ])('SITE_LOCALES=%s: the messages of %j', (siteLocales, locales) => {
    expect(loaded(`${ISLAND_MESSAGES_PREFIX}greeting`, siteLocales)).toEqual(
      Object.fromEntries(locales.map((locale) => [locale, { 'demo.hello': `hello in ${locale}` }])),
    );
  });

  it('leaves every other import to Vite', () => {
    expect(loaded('./greeting.ts')).toBeNull();
  });

  it('refuses an island that has no picker, naming the ones it has', () => {
    expect(() => loaded(`${ISLAND_MESSAGES_PREFIX}farewell`)).toThrow(
      "No island named 'farewell' has messages (known: greeting)",
    );
  });
});
