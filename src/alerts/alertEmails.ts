// What the alerts' emails say: the confirmation of an address's first alert, and the email of a run's matches (one per
// address, grouping its alerts), as subject, plain text, HTML and headers, in the subscriber's language. Pure rules: the
// snippets come in as parts read back from the site's sanitiser (the sender's job), so the text and the HTML are both
// made from sanitised text, and the HTML holds only escaped text, <mark> and our own links.
// Imports carry their .ts extension: `npm run mail:send` loads this file in Node itself.
import { formatDate } from '../i18n/dates.ts';
import { LOCALE_FACTS, localizedPath, type Locale } from '../i18n/locales.ts';
import { alertSubject, describeAlert, type AlertSummary, type AlertRecordKind } from './describe.ts';
import {
  confirmUrl,
  escapeHtml,
  htmlPage,
  link,
  trimSlash,
  unsubscribeHeaders,
  unsubscribeUrl,
  type Email,
  type MailLinks,
} from './emails.ts';
import { mailTranslator } from './mailText.ts';
import { alertFeedUrl } from '../../supabase/functions/_shared/feedAddress.ts';

/** A snippet's part: text, marked (a word the alert looks for) or not. */
export interface MarkedPart {
  text: string;
  marked: boolean;
}

/** The sanitiser's reading of a snippet (escaped HTML with <mark>): its text, in parts. */
export type SnippetReader = (html: string) => MarkedPart[];

export interface AlertConfirmationPayload {
  token: string;
  unsubscribe_token: string;
  manage_token: string;
  language?: string;
  alert: Omit<AlertSummary, 'kinds'> & { kinds: AlertRecordKind[] | null };
}

export interface AlertMatch {
  kind: AlertRecordKind;
  id: number;
  district_id: number;
  district_name: string;
  /** YYYY-MM-DD: the meeting's or the vote's date; for a topic, the day it came up. */
  date: string;
  title: string;
  /** Escaped HTML with <mark> around the matched words (private.marked_snippet). */
  snippet: string;
  /** The record's place on its district page: '/1?tab=Meetings#meeting-11-20-26'. */
  href: string;
}

export interface AlertEmailPayload {
  manage_token: string;
  unsubscribe_token: string;
  language?: string;
  alerts: (AlertSummary & { id: number; feed_token: string; matches: AlertMatch[]; more?: number })[];
}

/** The page that lists an address's alerts and changes them (its link is the signed token). */
export function manageUrl(links: MailLinks, token: string, locale: Locale = 'en'): string {
  return `${trimSlash(links.siteUrl)}${localizedPath(locale, '/alerts')}?token=${encodeURIComponent(token)}`;
}

/**
 * The one-click address (RFC 8058) that stops the alerts an email came from: the management token and those alerts'
 * ids. A mail program's unsubscribe button deletes those alerts and leaves the address's others.
 */
export function stopAlertsUrl(links: MailLinks, manageToken: string, alertIds: readonly number[]): string {
  return `${trimSlash(links.apiUrl)}/functions/v1/unsubscribe?token=${encodeURIComponent(manageToken)}&alerts=${alertIds.join(',')}`;
}

/** A record's page address on the site, in the reader's language. */
export function recordUrl(links: MailLinks, href: string, locale: Locale): string {
  return `${trimSlash(links.siteUrl)}${localizedPath(locale, href)}`;
}

export function alertConfirmationEmail(payload: AlertConfirmationPayload, links: MailLinks, locale: Locale): Email {
  const t = mailTranslator(locale);
  const alert: AlertSummary = { ...payload.alert, kinds: payload.alert.kinds ?? ['meeting', 'topic', 'vote'] };
  const what = describeAlert(alert, t, locale);
  const subject = t('mail.alertConfirmation.subject');
  const confirm = confirmUrl(links, payload.token, locale, true);
  const leave = unsubscribeUrl(links, payload.unsubscribe_token, locale, true);
  const manage = manageUrl(links, payload.manage_token, locale);
  const text = [
    t('mail.alertConfirmation.asked'),
    what,
    '',
    t('mail.alertConfirmation.toConfirm'),
    confirm,
    '',
    t('mail.alertConfirmation.notYou'),
    t('mail.alertConfirmation.only'),
    '',
    `${t('mail.alertConfirmation.manage')} ${manage}`,
    `${t('mail.unsubscribe')}: ${leave}`,
  ].join('\n');
  const html = htmlPage(
    subject,
    [
      `<p>${escapeHtml(t('mail.alertConfirmation.asked'))}<br><strong>${escapeHtml(what)}</strong></p>`,
      `<p>${link(confirm, t('mail.alertConfirmation.confirmLink'))}: ${escapeHtml(t('mail.alertConfirmation.pressConfirm'))}</p>`,
      `<p>${escapeHtml(t('mail.alertConfirmation.notYou'))} ${escapeHtml(t('mail.alertConfirmation.only'))}</p>`,
      `<p style="font-size:small">${link(manage, t('mail.alert.manageLink'))} · ${link(leave, t('mail.unsubscribe'))}</p>`,
    ].join(''),
    locale,
  );
  return { subject, text, html, headers: unsubscribeHeaders(links, payload.unsubscribe_token) };
}

const plainSnippet = (parts: MarkedPart[]) =>
  parts
    .map((part) => (part.marked ? `*${part.text}*` : part.text))
    .join('')
    .trim();
const htmlSnippet = (parts: MarkedPart[]) =>
  parts
    .map((part) => (part.marked ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text)))
    .join('')
    .trim();

/** One match as the email reads it: what it is, where and when, its title, the marked words and its address. */
export function alertMatchItem(match: AlertMatch, links: MailLinks, readSnippet: SnippetReader, locale: Locale) {
  const t = mailTranslator(locale);
  return {
    meta: [t(`alerts.kind.${match.kind}`), match.district_name, formatDate(locale, match.date, 'long')].join(' · '),
    title: match.title,
    snippet: readSnippet(match.snippet),
    url: recordUrl(links, match.href, locale),
  };
}

/** A subject begins as a sentence does, with a capital ('El tema «…»: 2 resultados nuevos'), in any language. */
export function sentenceStart(text: string, locale: Locale): string {
  return text.charAt(0).toLocaleUpperCase(LOCALE_FACTS[locale].intl) + text.slice(1);
}

export function alertEmail(
  payload: AlertEmailPayload,
  links: MailLinks,
  readSnippet: SnippetReader,
  locale: Locale,
): Email {
  const t = mailTranslator(locale);
  const count = payload.alerts.reduce((sum, alert) => sum + alert.matches.length, 0);
  const subject =
    payload.alerts.length === 1
      ? sentenceStart(t('mail.alert.subjectOne', { alert: alertSubject(payload.alerts[0], t, locale), count }), locale)
      : t('mail.alert.subject', { count });
  const manage = manageUrl(links, payload.manage_token, locale);
  const leave = unsubscribeUrl(links, payload.unsubscribe_token, locale, true);
  const groups = payload.alerts.map((alert) => ({
    title: describeAlert(alert, t, locale),
    items: alert.matches.map((match) => alertMatchItem(match, links, readSnippet, locale)),
    more: alert.more && alert.more > 0 ? t('mail.alert.more', { count: alert.more }) : null,
    // Where every match of it is, also those an email leaves out (at most 20 an alert, 100 an email).
    feed: alertFeedUrl(links.apiUrl, alert.feed_token),
  }));
  const text = [
    t('mail.alert.intro'),
    ...groups.flatMap((group) => [
      '',
      group.title,
      ...group.items.flatMap((item) => {
        const snippet = plainSnippet(item.snippet);
        return [
          '',
          `  ${item.meta}`,
          `  ${item.title}`,
          ...(snippet ? [`  ${snippet}`] : []),
          `  ${t('mail.alert.readIt')}: ${item.url}`,
        ];
      }),
      ...(group.more ? ['', `  ${group.more}: ${group.feed}`] : []),
    ]),
    '',
    `${t('mail.alert.manage')} ${manage}`,
    '',
    t('mail.alert.why'),
    `${t('mail.alert.unsubscribeAll')}: ${leave}`,
  ].join('\n');
  const html = htmlPage(
    subject,
    [
      `<h1 style="font-size:1.25em">${escapeHtml(t('mail.alert.intro'))}</h1>`,
      ...groups.map(
        (group) =>
          `<h2 style="font-size:1.1em">${escapeHtml(group.title)}</h2>` +
          group.items
            .map((item) => {
              const snippet = htmlSnippet(item.snippet);
              return (
                `<p style="margin-bottom:0;color:#555">${escapeHtml(item.meta)}</p>` +
                `<h3 style="font-size:1em;margin:0">${link(item.url, item.title)}</h3>` +
                (snippet ? `<p style="margin-top:0.25em">${snippet}</p>` : '') +
                `<p style="margin-top:0">${link(item.url, t('mail.alert.readIt'))}</p>`
              );
            })
            .join('') +
          (group.more ? `<p>${link(group.feed, group.more)}</p>` : ''),
      ),
      `<p>${link(manage, t('mail.alert.manageLink'))}: ${escapeHtml(t('mail.alert.manageWhat'))}</p>`,
      `<p style="font-size:small">${escapeHtml(t('mail.alert.why'))} ${link(leave, t('mail.alert.unsubscribeAll'))}</p>`,
    ].join(''),
    locale,
  );
  const headers = unsubscribeHeaders(links, payload.unsubscribe_token);
  headers['List-Unsubscribe'] = `<${stopAlertsUrl(
    links,
    payload.manage_token,
    payload.alerts.map((alert) => alert.id),
  )}>`;
  return { subject, text, html, headers };
}
