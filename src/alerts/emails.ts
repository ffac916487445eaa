// What each email says: the confirmation and the digest, as subject, plain text, HTML and headers, from the outbox
// row's payload, in the subscriber's language (the catalogues' mail. messages; English by default). Pure rules (the
// sanitiser is passed in), so they are table-tested and the same for every sender. The alerts' emails are in
// alertEmails.ts. Imports carry their .ts extension: `npm run mail:send` loads this file in Node itself.
import { meetingAnchor, meetingShareUrl } from '../lib/record/meetingLinks.ts';
import { meetingTitle, meetingTopicsText } from '../lib/record/meetingTitles.ts';
import { formatDate } from '../i18n/dates.ts';
import { isLocale, LOCALE_FACTS, localizedPath, type Locale } from '../i18n/locales.ts';
import type { MessageValues, Translator } from '../i18n/translate.ts';
import { mailTranslator } from './mailText.ts';

/** Where an email's links point. */
export interface MailLinks {
  /** The public site, e.g. https://boards.example.org (no trailing slash needed). */
  siteUrl: string;
  /** The API the one-click unsubscribe POST goes to (PUBLIC_SUPABASE_URL). */
  apiUrl: string;
}

export interface DigestMeeting {
  id: number;
  date: string;
  title: string | null;
  meeting_type: string | null;
  topics: string[] | string | null;
  summary: string | null;
}

export interface ConfirmationPayload {
  token: string;
  district_id: number;
  district_name: string;
  unsubscribe_token: string;
  /** The subscriber's language (en, es, zh); English when absent. */
  language?: string;
  /**
   * Set when a confirmed address asked for another language: the language its summaries come in now. The email is
   * then a request to change the language, naming both, and never reads as a new subscription.
   */
  current_language?: string;
}

export interface DigestPayload {
  district_id: number;
  district_name: string;
  unsubscribe_token: string;
  language?: string;
  /** The newest new summaries (at most 100, queue_digests' bound). */
  meetings: DigestMeeting[];
  /** How many more new summaries the digest leaves to the board's page. */
  more?: number;
}

export interface Email {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Rich text in, plain text out: what the digest quotes of a summary (run on sanitised HTML only). */
export type HtmlToText = (html: string) => string;

/** How many characters of a summary a digest quotes before '…'. */
export const EXCERPT_CHARS = 280;

export const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The confirmation page, in the subscriber's language; an alert email's link says so (`for=alerts`), and the page speaks of alerts. */
export function confirmUrl(links: MailLinks, token: string, locale: Locale = 'en', forAlerts = false): string {
  return `${trimSlash(links.siteUrl)}${localizedPath(locale, '/confirm')}?token=${encodeURIComponent(token)}${forAlerts ? '&for=alerts' : ''}`;
}

/** The visible unsubscribe link: a page that unsubscribes at the press of its button (`for=alerts` as above). */
export function unsubscribeUrl(links: MailLinks, token: string, locale: Locale = 'en', forAlerts = false): string {
  return `${trimSlash(links.siteUrl)}${localizedPath(locale, '/unsubscribe')}?token=${encodeURIComponent(token)}${forAlerts ? '&for=alerts' : ''}`;
}

/** The List-Unsubscribe address that mail providers POST 'List-Unsubscribe=One-Click' to (RFC 8058). */
export function oneClickUnsubscribeUrl(links: MailLinks, token: string): string {
  return `${trimSlash(links.apiUrl)}/functions/v1/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function districtPageUrl(links: MailLinks, districtId: number, locale: Locale = 'en'): string {
  return `${trimSlash(links.siteUrl)}${localizedPath(locale, `/${districtId}`)}`;
}

/** The first words of a text, cut at a word boundary, with '…' when something was left out. */
export function excerpt(text: string, limit = EXCERPT_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit + 1);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > limit / 2 ? space : limit).replace(/[\s,.;:]+$/, '')}…`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML: the email's HTML holds only escaped text and our own links. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * A catalogue message for an element's content: the message's own words escaped for content (&, <, >), each value
 * escaped whole (escapeHtml). A translator's apostrophe stays an apostrophe; a district's name never becomes markup.
 */
export function htmlMessage(t: Translator, key: string, values: Record<string, string> = {}): string {
  const marked = Object.fromEntries(Object.keys(values).map((name) => [name, `\uE000${name}\uE000`]));
  return t(key, marked)
    .split(/\uE000(\w+)\uE000/)
    .map((piece, index) => (index % 2 === 1 ? escapeHtml(values[piece]) : piece.replace(/[&<>]/g, (c) => ESCAPES[c])))
    .join('');
}

/** The headers every email carries: one-click unsubscribe (RFC 8058 and RFC 2369). */
export function unsubscribeHeaders(links: MailLinks, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUnsubscribeUrl(links, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export const htmlPage = (title: string, body: string, locale: Locale = 'en') =>
  `<!doctype html><html lang="${LOCALE_FACTS[locale].htmlLang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1a1a1a;max-width:640px">${body}</body></html>`;

export const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

export function confirmationEmail(payload: ConfirmationPayload, links: MailLinks, locale: Locale = 'en'): Email {
  const t = mailTranslator(locale);
  const current = isLocale(payload.current_language) ? payload.current_language : null;
  const values = {
    district: payload.district_name,
    language: t(`alerts.digests.language.${locale}`),
    current: current ? t(`alerts.digests.language.${current}`) : '',
  };
  const change = current !== null && current !== locale;
  const subject = t(change ? 'mail.confirmation.languageSubject' : 'mail.confirmation.subject', values);
  const asked = change ? 'mail.confirmation.languageAsked' : 'mail.confirmation.asked';
  const confirm = confirmUrl(links, payload.token, locale);
  const leave = unsubscribeUrl(links, payload.unsubscribe_token, locale);
  const text = [
    t(asked, values),
    '',
    t('mail.confirmation.toConfirm'),
    confirm,
    '',
    t('mail.confirmation.notYou'),
    t('mail.confirmation.only'),
    '',
    `${t('mail.unsubscribe')}: ${leave}`,
  ].join('\n');
  const html = htmlPage(
    subject,
    [
      `<p>${htmlMessage(t, asked, values)}</p>`,
      `<p>${link(confirm, t('mail.confirmation.confirmLink'))}: ${htmlMessage(t, 'mail.confirmation.pressConfirm')}</p>`,
      `<p>${htmlMessage(t, 'mail.confirmation.notYou')} ${htmlMessage(t, 'mail.confirmation.only')}</p>`,
      `<p style="font-size:small">${link(leave, t('mail.unsubscribe'))}</p>`,
    ].join(''),
    locale,
  );
  return { subject, text, html, headers: unsubscribeHeaders(links, payload.unsubscribe_token) };
}

/** One meeting of a digest as it reads: title, date, topics, the start of its summary, its card's address. */
export function digestItem(
  meeting: DigestMeeting,
  districtId: number,
  links: MailLinks,
  htmlToText: HtmlToText,
  locale: Locale = 'en',
) {
  return {
    title: meetingTitle(meeting.title, meeting.meeting_type),
    date: formatDate(locale, meeting.date, 'card'),
    topics: meetingTopicsText(meeting.topics),
    excerpt: excerpt(meeting.summary ? htmlToText(meeting.summary) : ''),
    url: meetingShareUrl(districtPageUrl(links, districtId, locale), meetingAnchor(meeting.date)),
  };
}

export function digestSubject(districtName: string, count: number, locale: Locale = 'en'): string {
  return mailTranslator(locale)('mail.digest.subject', { district: districtName, count } satisfies MessageValues);
}

export function digestEmail(
  payload: DigestPayload,
  links: MailLinks,
  htmlToText: HtmlToText,
  locale: Locale = 'en',
): Email {
  const t = mailTranslator(locale);
  const district = { district: payload.district_name };
  const items = payload.meetings.map((meeting) => digestItem(meeting, payload.district_id, links, htmlToText, locale));
  const left = payload.more && payload.more > 0 ? payload.more : 0;
  const subject = digestSubject(payload.district_name, items.length + left, locale);
  const leave = unsubscribeUrl(links, payload.unsubscribe_token, locale);
  const page = districtPageUrl(links, payload.district_id, locale);
  const more = left ? t('mail.digest.more', { count: left }) : null;
  const text = [
    t('mail.digest.intro', district),
    ...items.flatMap((item) => [
      '',
      t('mail.digest.titleDate', { title: item.title, date: item.date }),
      ...(item.topics ? [t('mail.digest.topics', { topics: item.topics })] : []),
      ...(item.excerpt ? [item.excerpt] : []),
      `${t('mail.digest.readIt')}: ${item.url}`,
    ]),
    ...(more ? ['', `${more}: ${page}`] : []),
    '',
    `${t('mail.digest.board')}: ${page}`,
    '',
    t('mail.digest.why', district),
    `${t('mail.unsubscribe')}: ${leave}`,
  ].join('\n');
  const html = htmlPage(
    subject,
    [
      `<h1 style="font-size:1.25em">${htmlMessage(t, 'mail.digest.heading', district)}</h1>`,
      ...items.map(
        (item) =>
          `<h2 style="font-size:1.1em;margin-bottom:0">${link(item.url, item.title)}</h2>` +
          `<p style="margin-top:0">${escapeHtml(item.date)}${item.topics ? `<br>${htmlMessage(t, 'mail.digest.topics', { topics: item.topics })}` : ''}</p>` +
          (item.excerpt ? `<p>${escapeHtml(item.excerpt)}</p>` : '') +
          `<p>${link(item.url, t('mail.digest.readSummary'))}</p>`,
      ),
      more ? `<p>${link(page, more)}</p>` : '',
      `<p>${link(page, t('mail.digest.board'))}</p>`,
      `<p style="font-size:small">${htmlMessage(t, 'mail.digest.why', district)} ${link(leave, t('mail.unsubscribe'))}</p>`,
    ].join(''),
    locale,
  );
  return { subject, text, html, headers: unsubscribeHeaders(links, payload.unsubscribe_token) };
}
