// An island's catalogue messages in its own bundle, instead of in its props on every page. `import catalogues from
// 'virtual:island-messages/alert-form'` gives the messages that island shows in each language this build makes
// (SITE_LOCALES), picked from the catalogues when the site is built. A page then names the island's language alone:
// the alert form's 78 messages were 6.6 KB of every member's page (twice that on a district page, which has two
// forms), serialised, hashed and written again for each of the 100,000 pages of a build, while the reader's browser
// takes them once, with the form's script, the first time an alert form is opened.
//
// Which messages an island shows is its feature's rule: a picker per island, which astro.config.mjs and
// vitest.config.ts give the plugin (ALERT_ISLAND_CATALOGUES, in src/alerts/build/alertMessages.ts). A changed message
// changes the island's bundle, and with it the name every page that hydrates it carries, so those pages are made
// again (src/district/build/keptScripts.ts).
import type { Plugin } from 'vite';
import type { Locale } from './locales';
import type { Catalogue } from './translate';
import { builtLocales } from './localePaths.ts';

/** The import an island's messages come from: PREFIX + the island's name ('alert-form'). */
export const ISLAND_MESSAGES_PREFIX = 'virtual:island-messages/';

/** Each island's picker: the messages it shows in one language. */
export type IslandPickers = Record<string, (locale: Locale) => Catalogue>;

/** The module of one island's messages: every built language's, picked now. */
function islandMessagesModule(pick: (locale: Locale) => Catalogue, locales: readonly Locale[]): string {
  return `export default ${JSON.stringify(Object.fromEntries(locales.map((locale) => [locale, pick(locale)])))};`;
}

/** The Vite plugin that answers `virtual:island-messages/<island>` imports; an unknown island is an error. */
export function islandMessages(pickers: IslandPickers, env: Record<string, string | undefined> = process.env): Plugin {
  const resolvedPrefix = `\0${ISLAND_MESSAGES_PREFIX}`;
  return {
    name: 'island-messages',
    resolveId(id) {
      return id.startsWith(ISLAND_MESSAGES_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return null;
      const island = id.slice(resolvedPrefix.length);
      const pick = pickers[island];
      if (!pick)
        throw new Error(
          `No island named '${island}' has messages (known: ${Object.keys(pickers).join(', ')}); give the plugin its picker.`,
        );
      return islandMessagesModule(pick, builtLocales(env));
    },
  };
}
