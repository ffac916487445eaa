// What an alert is called in each language, and what its emails say: the confirmation and the email of a run's
// matches, with the marked words read back from the site's sanitiser, the links in the reader's language and the
// one-click address of the alerts the email came from.
import { describe, expect, it } from 'vitest';
import { describeAlert, type AlertSummary } from '../describe';
import { alertConfirmationEmail, alertEmail, stopAlertsUrl, type AlertEmailPayload } from '../alertEmails';
import { htmlMessage } from '../emails';
import { mailLocale, mailTranslator } from '../mailText';
import { loadDigestText } from '../node/mailSender';

const links = { siteUrl: 'https://boards.example.org/', apiUrl: 'https://api.example.org' };
const manage = 'c'.repeat(64);
const leave = 'd'.repeat(64);
const { readSnippet } = await loadDigestText();

const search = (extra: Partial<AlertSummary> = {}): AlertSummary => ({
  kind: 'search',
  text: 'cell phones',
  district_id: 7,
  district_name: 'Springfield Unified',
  state: null,
  kinds: ['meeting', 'topic', 'vote'],
  minority_only: false,
  frequency: 'daily',
  ...extra,
});

describe('describeAlert says what an alert looks for, where, and how often', () => {
  it.each<[string, AlertSummary, 'en' | 'es' | 'zh', string]>([
    ['a district', search(), 'en', '"cell phones" in Springfield Unified, daily'],
    [
      'a state',
      search({ district_id: null, district_name: null, state: 'CA' }),
      'en',
      '"cell phones" in every district of CA, daily',
    ],
    [
      'every district, weekly',
      search({ district_id: null, district_name: null, frequency: 'weekly' }),
      'en',
      '"cell phones" in every district, weekly',
    ],
    [
      'some kinds only',
      search({ kinds: ['meeting', 'vote'] }),
      'en',
      '"cell phones" in Springfield Unified, meeting summaries and votes only, daily',
    ],
    [
      'a topic',
      search({ kind: 'topic', text: 'Later start time' }),
      'en',
      'the topic "Later start time" in Springfield Unified, daily',
    ],
    [
      'a member in the minority',
      search({ kind: 'member', text: 'Jane Doe', kinds: ['vote'], minority_only: true }),
      'en',
      "Jane Doe's votes in Springfield Unified, only when in the minority, daily",
    ],
    [
      'in Spanish',
      search({ kinds: ['meeting', 'vote'], frequency: 'weekly' }),
      'es',
      '«cell phones» en Springfield Unified, solo resúmenes de reuniones y votaciones, cada semana',
    ],
    [
      'in Chinese',
      search({ kinds: ['meeting', 'vote'] }),
      'zh',
      'Springfield Unified中的“cell phones”，仅限会议摘要和投票，每天',
    ],
  ])('%s', (_label, alert, locale, expected) => {
    expect(describeAlert(alert, mailTranslator(locale), locale)).toBe(expected);
  });
});

describe('htmlMessage', () => {
  it('escapes the values whole and the message for content, keeping its apostrophes', () => {
    const t = mailTranslator('en');
    expect(htmlMessage(t, 'mail.digest.why', { district: "O'Brien & <Sons>" })).toBe(
      "You get this email because you confirmed a subscription to O&#39;Brien &amp; &lt;Sons&gt;'s summaries.",
    );
  });

  it('reads an unknown language as English', () => {
    expect([mailLocale('es'), mailLocale('fr'), mailLocale(undefined)]).toEqual(['es', 'en', 'en']);
  });
});

describe('the alert confirmation', () => {
  const email = alertConfirmationEmail(
    { token: 'a'.repeat(64), unsubscribe_token: leave, manage_token: manage, alert: { ...search(), kinds: null } },
    links,
    'es',
  );
  it("says what the alert is and carries the links of the reader's language", () => {
    expect(email.subject).toBe('Confirme su alerta de la junta escolar');
    expect(email.text).toContain('«cell phones» en Springfield Unified, a diario');
    expect(email.text).toContain(`https://boards.example.org/es/confirm?token=${'a'.repeat(64)}`);
    expect(email.text).toContain(`https://boards.example.org/es/alerts?token=${manage}`);
    expect(email.headers['List-Unsubscribe']).toBe(`<https://api.example.org/functions/v1/unsubscribe?token=${leave}>`);
  });
});

describe('the alert email', () => {
  const payload: AlertEmailPayload = {
    manage_token: manage,
    unsubscribe_token: leave,
    alerts: [
      {
        ...search(),
        id: 12,
        feed_token: 'e'.repeat(64),
        matches: [
          {
            kind: 'meeting',
            id: 3,
            district_id: 7,
            district_name: 'Springfield Unified',
            date: '2026-11-18',
            title: 'Board Meeting',
            snippet:
              'No <mark>cell</mark> <mark>phones</mark> in class &lt;script&gt;alert(1)&lt;/script&gt; &amp; more',
            href: '/7?tab=Meetings#meeting-11-18-26',
          },
        ],
      },
    ],
  };
  const email = alertEmail(payload, links, readSnippet, 'en');

  it('names the alert and the count in its subject', () => {
    expect(email.subject).toBe('"cell phones" in Springfield Unified: 1 new match');
  });

  it('lists the match with its kind, district, date, marked words and link; markup in the text stays text', () => {
    expect(email.text).toContain(
      '  Meeting · Springfield Unified · November 18, 2026\n  Board Meeting\n  No *cell* *phones* in class <script>alert(1)</script> & more\n  Read it: https://boards.example.org/7?tab=Meetings#meeting-11-18-26',
    );
    expect(email.html).toContain(
      'No <mark>cell</mark> <mark>phones</mark> in class &lt;script&gt;alert(1)&lt;/script&gt; &amp; more',
    );
    expect(email.html).not.toContain('<script');
  });

  it('links the management page and stops, with one click, the alerts it came from', () => {
    expect(email.text).toContain(`https://boards.example.org/alerts?token=${manage}`);
    expect(email.headers).toEqual({
      'List-Unsubscribe': `<${stopAlertsUrl(links, manage, [12])}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(stopAlertsUrl(links, manage, [12, 13])).toBe(
      `https://api.example.org/functions/v1/unsubscribe?token=${manage}&alerts=12,13`,
    );
  });
});
