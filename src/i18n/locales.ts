// The site's languages: English at today's addresses, Spanish under /es/ and Chinese (Simplified) under /zh/. Adding a
// language is a catalogue in messages/ and a line here (and in astro.config.mjs's i18n locales).

export const LOCALES = ['en', 'es', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

interface LocaleFacts {
  /** The language named in itself, as the switcher shows it. */
  name: string;
  /** <html lang> and hreflang: BCP 47. */
  htmlLang: string;
  /** What Intl formats dates, numbers, plurals and sorting with. */
  intl: string;
  /** Writing direction: 'rtl' for Arabic or Hebrew, the day one is added. */
  dir: 'ltr' | 'rtl';
  /** Open Graph's og:locale. */
  ogLocale: string;
}

export const LOCALE_FACTS: Record<Locale, LocaleFacts> = {
  en: { name: 'English', htmlLang: 'en', intl: 'en-US', dir: 'ltr', ogLocale: 'en_US' },
  es: { name: 'Español', htmlLang: 'es', intl: 'es', dir: 'ltr', ogLocale: 'es_US' },
  zh: { name: '中文', htmlLang: 'zh-Hans', intl: 'zh-Hans-CN', dir: 'ltr', ogLocale: 'zh_CN' },
};

/** Whether a value names one of the site's languages. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language of a page, from Astro.currentLocale (undefined or anything unknown is English). */
export function localeOf(value: string | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The path prefix of a language: '' for English, '/es' and '/zh' for the others. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** A site path in a language: '/1?tab=voting' in Spanish is '/es/1?tab=voting'; '/' is '/es'. */
export function localizedPath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/'
    ? prefix
    : path.startsWith('/?') || path.startsWith('/#')
      ? `${prefix}${path.slice(1)}`
      : `${prefix}${path}`;
}

/** A path without its language prefix, and the language it was in: '/es/1' → { locale: 'es', path: '/1' }. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first = '', rest = ''] = /^\/([^/?#]*)(.*)$/.exec(pathname) ?? [];
  if (!isLocale(first) || first === DEFAULT_LOCALE) return { locale: DEFAULT_LOCALE, path: pathname || '/' };
  return { locale: first, path: rest || '/' };
}

/** getStaticPaths' `lang` param of a route made in every language: undefined for English (today's addresses). */
export function langParam(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : locale;
}

/** The lang attribute of record text (always English) inside a page in `locale`: none on an English page. */
export function recordLang(locale: Locale): 'en' | undefined {
  return locale === 'en' ? undefined : 'en';
}
