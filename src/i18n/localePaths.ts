// getStaticPaths of a page made once per language: English at today's address (no `lang` parameter), then /es/… and
// /zh/…. A page reads its language back with localeOf(Astro.currentLocale).
import { LOCALES, langParam } from './locales';

/** One path per language for a route under src/pages/[...lang]/ that has no other parameter. */
export function localeStaticPaths() {
  return LOCALES.map((locale) => ({ params: { lang: langParam(locale) } }));
}
