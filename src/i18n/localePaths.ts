// getStaticPaths of a page made once per language: English at today's address (no `lang` parameter), then /es/… and
// /zh/…. A page reads its language back with localeOf(Astro.currentLocale). SITE_LOCALES (a comma-separated list,
// say `en`) builds only some languages: `npm run bench:build` measures the English-only site with it.
import { LOCALES, isLocale, langParam, type Locale } from './locales.ts';

/** The languages this build makes pages in: SITE_LOCALES's, or all of them. English is always made. */
export function builtLocales(env: Record<string, string | undefined> = process.env): Locale[] {
  const asked = (env.SITE_LOCALES ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(isLocale);
  return asked.length ? LOCALES.filter((locale) => locale === 'en' || asked.includes(locale)) : [...LOCALES];
}

/** One path per language for a route under src/pages/[...lang]/ that has no other parameter. */
export function localeStaticPaths() {
  return builtLocales().map((locale) => ({ params: { lang: langParam(locale) } }));
}
