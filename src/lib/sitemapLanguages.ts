// The sitemap's language alternates: for each page, its addresses in every language it is made in (hreflang links),
// found in one pass over the site's pages. @astrojs/sitemap's own i18n option finds a page's alternates by reading
// every page's address again, for each page: its time grows with the square of the pages, minutes at 100,000 pages.
import { LOCALE_FACTS, splitLocale } from '../i18n/locales.ts';

/** One address of a page in a language, as the sitemap's <xhtml:link rel="alternate" hreflang> gives it. */
export interface LanguageLink {
  url: string;
  lang: string;
}

/** The sitemap plugin's order of addresses (its pages are sorted so), which the links keep. */
const compareUrls = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * Collects the site's page addresses (`add`), then gives each page's alternates (`links`): every address of the same
 * path in each language, its own included, in the sitemap's order; none for a page made in one language only.
 */
export function languageAlternates(): {
  add: (url: string) => void;
  links: (url: string) => LanguageLink[] | undefined;
} {
  const byPath = new Map<string, LanguageLink[]>();
  const sorted = new Set<LanguageLink[]>();
  const pathOf = (url: string) => {
    const { origin, pathname } = new URL(url);
    return `${origin}${splitLocale(pathname).path}`;
  };
  return {
    add(url) {
      const { locale } = splitLocale(new URL(url).pathname);
      const key = pathOf(url);
      const found = byPath.get(key);
      const link = { url, lang: LOCALE_FACTS[locale].htmlLang };
      if (found) found.push(link);
      else byPath.set(key, [link]);
    },
    links(url) {
      const found = byPath.get(pathOf(url));
      if (!found || found.length < 2) return undefined;
      if (!sorted.has(found)) {
        found.sort((a, b) => compareUrls(a.url, b.url));
        sorted.add(found);
      }
      return found;
    },
  };
}
