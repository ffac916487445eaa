// What each email says: the confirmation and the digest, as subject, plain text, HTML and headers, from the outbox
// row's payload. Pure rules (the sanitiser is passed in), so they are table-tested and the same for every sender.
// Imports carry their .ts extension: `npm run mail:send` loads this file in Node itself.
import { formatMeetingDate, meetingAnchor, meetingShareUrl, meetingTitle, meetingTopicsText } from '../../district/meetingCards.ts';

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
}

export interface DigestPayload {
  district_id: number;
  district_name: string;
  unsubscribe_token: string;
  meetings: DigestMeeting[];
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

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function confirmUrl(links: MailLinks, token: string): string {
  return `${trimSlash(links.siteUrl)}/confirm?token=${encodeURIComponent(token)}`;
}

/** The visible unsubscribe link: a page that unsubscribes when opened and says so. */
export function unsubscribeUrl(links: MailLinks, token: string): string {
  return `${trimSlash(links.siteUrl)}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The List-Unsubscribe address that mail providers POST 'List-Unsubscribe=One-Click' to (RFC 8058). */
export function oneClickUnsubscribeUrl(links: MailLinks, token: string): string {
  return `${trimSlash(links.apiUrl)}/functions/v1/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function districtPageUrl(links: MailLinks, districtId: number): string {
  return `${trimSlash(links.siteUrl)}/${districtId}`;
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

/** The headers every email carries: one-click unsubscribe (RFC 8058 and RFC 2369). */
export function unsubscribeHeaders(links: MailLinks, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUnsubscribeUrl(links, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const htmlPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1a1a1a;max-width:640px">${body}</body></html>`;

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

export function confirmationEmail(payload: ConfirmationPayload, links: MailLinks): Email {
  const subject = `Confirm your subscription to ${payload.district_name} meeting summaries`;
  const confirm = confirmUrl(links, payload.token);
  const leave = unsubscribeUrl(links, payload.unsubscribe_token);
  const text = [
    `Someone, hopefully you, asked to get summaries of ${payload.district_name}'s school board meetings at this address.`,
    '',
    'To confirm, open this link and press Confirm my subscription (it works for three days, once):',
    confirm,
    '',
    'If it was not you, ignore this email: nothing will be sent unless someone confirms on that page.',
    'Your address is used for these summaries only.',
    '',
    `Unsubscribe: ${leave}`,
  ].join('\n');
  const html = htmlPage(subject, [
    `<p>Someone, hopefully you, asked to get summaries of ${escapeHtml(payload.district_name)}'s school board meetings at this address.</p>`,
    `<p>${link(confirm, 'Confirm your subscription')}: open the link and press Confirm my subscription (it works for three days, once).</p>`,
    '<p>If it was not you, ignore this email: nothing will be sent unless someone confirms on that page. Your address is used for these summaries only.</p>',
    `<p style="font-size:small">${link(leave, 'Unsubscribe')}</p>`,
  ].join(''));
  return { subject, text, html, headers: unsubscribeHeaders(links, payload.unsubscribe_token) };
}

/** One meeting of a digest as it reads: title, date, topics, the start of its summary, its card's address. */
export function digestItem(meeting: DigestMeeting, districtId: number, links: MailLinks, htmlToText: HtmlToText) {
  return {
    title: meetingTitle(meeting.title, meeting.meeting_type),
    date: formatMeetingDate(meeting.date),
    topics: meetingTopicsText(meeting.topics),
    excerpt: excerpt(meeting.summary ? htmlToText(meeting.summary) : ''),
    url: meetingShareUrl(districtPageUrl(links, districtId), meetingAnchor(meeting.date)),
  };
}

export function digestSubject(districtName: string, count: number): string {
  return `${districtName}: ${count} new meeting ${count === 1 ? 'summary' : 'summaries'}`;
}

export function digestEmail(payload: DigestPayload, links: MailLinks, htmlToText: HtmlToText): Email {
  const items = payload.meetings.map((meeting) => digestItem(meeting, payload.district_id, links, htmlToText));
  const subject = digestSubject(payload.district_name, items.length);
  const leave = unsubscribeUrl(links, payload.unsubscribe_token);
  const page = districtPageUrl(links, payload.district_id);
  const text = [
    `New meeting summaries from ${payload.district_name}:`,
    ...items.flatMap((item) => [
      '',
      `${item.title}, ${item.date}`,
      ...(item.topics ? [`Topics: ${item.topics}`] : []),
      ...(item.excerpt ? [item.excerpt] : []),
      `Read it: ${item.url}`,
    ]),
    '',
    `Everything about the board: ${page}`,
    '',
    `You get this email because you confirmed a subscription to ${payload.district_name}'s summaries.`,
    `Unsubscribe: ${leave}`,
  ].join('\n');
  const html = htmlPage(subject, [
    `<h1 style="font-size:1.25em">New meeting summaries from ${escapeHtml(payload.district_name)}</h1>`,
    ...items.map((item) =>
      `<h2 style="font-size:1.1em;margin-bottom:0">${link(item.url, item.title)}</h2>` +
      `<p style="margin-top:0">${escapeHtml(item.date)}${item.topics ? `<br>Topics: ${escapeHtml(item.topics)}` : ''}</p>` +
      (item.excerpt ? `<p>${escapeHtml(item.excerpt)}</p>` : '') +
      `<p>${link(item.url, 'Read the summary')}</p>`),
    `<p>${link(page, 'Everything about the board')}</p>`,
    `<p style="font-size:small">You get this email because you confirmed a subscription to ${escapeHtml(payload.district_name)}'s summaries. ${link(leave, 'Unsubscribe')}</p>`,
  ].join(''));
  return { subject, text, html, headers: unsubscribeHeaders(links, payload.unsubscribe_token) };
}
