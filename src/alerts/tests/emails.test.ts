// What the emails say and where their links go: the confirmation, the digest, the one-click headers, and the
// messages of the pages behind the links.
import { describe, expect, it } from 'vitest';
import {
  confirmationEmail,
  digestEmail,
  digestSubject,
  escapeHtml,
  excerpt,
  oneClickUnsubscribeUrl,
  type DigestPayload,
} from '../emails';
import {
  describeOutboxLeft,
  digestProblems,
  loadDigestText,
  retryDelaySeconds,
  type OutboxLeft,
} from '../node/mailSender';
import { isEmailLinkToken, parseEmailLinkResult } from '../data/subscriptions';

const links = { siteUrl: 'https://boards.example.org/', apiUrl: 'https://api.example.org' };
const token = 'a'.repeat(64);
const leave = 'b'.repeat(64);
const { htmlToText, outOfBounds } = await loadDigestText();

describe('excerpt', () => {
  it.each([
    ['short text is kept whole', 'The board met.', 40, 'The board met.'],
    ['spaces are collapsed', '  The   board\n\nmet. ', 40, 'The board met.'],
    ['long text is cut at a word boundary', 'one two three four five six', 12, 'one two…'],
    ['a trailing comma goes before the ellipsis', 'alpha, beta gamma delta', 12, 'alpha, beta…'],
    ['one long word is cut inside', 'x'.repeat(30), 10, `${'x'.repeat(10)}…`],
  ])('%s', (_label, text, limit, expected) => {
    expect(excerpt(text, limit)).toBe(expected);
  });
});

describe('escapeHtml', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`"quoted" & 'single'`, '&quot;quoted&quot; &amp; &#39;single&#39;'],
    ['plain', 'plain'],
  ])('%s', (text, expected) => {
    expect(escapeHtml(text)).toBe(expected);
  });
});

describe('describeOutboxLeft: what a run says it did not deliver, and when it goes', () => {
  const now = new Date('2026-11-26T14:00:00Z');
  const lease = {
    run_id: 'r1',
    host: 'mail-1',
    pid: 4242,
    seen_at: '2026-11-26T13:59:57Z',
    emails: 1,
    kinds: ['digest' as const],
    lease_until: '2026-11-26T14:00:27Z',
  };
  const none = { emails: 0, next: null };
  it.each<[string, OutboxLeft, string[]]>([
    ['nothing', { leases: [], queued: none }, []],
    [
      'an email another machine’s run holds',
      { leases: [lease], queued: none },
      [
        '1 email (digest) held by a run on mail-1 (process 4242, last seen 3 s ago): that run sends them; if it has stopped, the next run sends them from 2026-11-26 14:00:27 UTC',
      ],
    ],
    [
      'emails a run of this machine holds',
      { leases: [{ ...lease, host: 'here', emails: 2, kinds: ['confirmation', 'digest'] }], queued: none },
      [
        '2 emails (confirmation, digest) held by a run on this machine (process 4242, last seen 3 s ago): that run sends them; if it has stopped, the next run sends them from 2026-11-26 14:00:27 UTC',
      ],
    ],
    [
      'an email an older sender claimed',
      { leases: [{ ...lease, run_id: null, host: null, pid: null, seen_at: null }], queued: none },
      ['1 email (digest) held by an older sender until 2026-11-26 14:00:27 UTC, then sent by the next run'],
    ],
    [
      'emails queued and due',
      { leases: [], queued: { emails: 3, next: '2026-11-26T13:59:00Z' } },
      ['3 emails queued (due now): the next run sends them'],
    ],
    [
      'an email waiting for its retry',
      { leases: [], queued: { emails: 1, next: '2026-11-26T14:04:00Z' } },
      ['1 email queued (the first due 2026-11-26 14:04:00 UTC): the next run sends them'],
    ],
    [
      'emails queued while the run was sending',
      { leases: [], queued: none, arrived: 2 },
      ['2 emails queued while this run was sending: the next run sends them'],
    ],
  ])('%s', (_label, left, lines) => {
    expect(describeOutboxLeft(left, now, 'here')).toEqual(lines);
  });
});

describe('digestProblems: a summary over the sanitiser’s bounds is named by table and id', () => {
  const meeting = (id: number, summary: string | null) => ({
    id,
    date: '2026-11-18',
    title: 'Meeting',
    meeting_type: null,
    topics: null,
    summary,
  });
  it('names each summary the digest cannot quote, and only those', () => {
    const payload: DigestPayload = {
      district_id: 1,
      district_name: 'Palo Alto Unified',
      unsubscribe_token: leave,
      meetings: [
        meeting(1, '<p>Fine.</p>'),
        meeting(2, '<b>'.repeat(60)),
        meeting(3, null),
        meeting(4, 'x'.repeat(100_001)),
      ],
    };
    expect(digestProblems(payload, outOfBounds)).toEqual([
      'meetings row id=2: summary: nests tags more than 50 levels deep; the digest quotes none of it',
      'meetings row id=4: summary: is 100,001 characters long, over the 100,000 allowed; the digest quotes none of it',
    ]);
    expect(digestEmail(payload, links, htmlToText).text).not.toContain('xxx');
  });
});

describe('retryDelaySeconds doubles per failed attempt', () => {
  it.each([
    [1, 30, 30],
    [2, 30, 60],
    [3, 30, 120],
    [1, 0, 0],
  ])('after %i attempts with base %i: %i s', (attempts, base, expected) => {
    expect(retryDelaySeconds(attempts, base)).toBe(expected);
  });
});

describe('htmlToText reads sanitised summaries as text', () => {
  it.each([
    ['paragraphs become spaced words', '<p>One.</p><p>Two.</p>', 'One. Two.'],
    ['scripts are gone, their text too', '<p>Hi<script>alert(1)</script></p>', 'Hi'],
    ['entities are decoded', '<p>A &amp; B</p>', 'A & B'],
    ['an image handler never runs and leaves nothing', '<img src=x onerror=alert(1)>Text', 'Text'],
  ])('%s', (_label, html, expected) => {
    expect(htmlToText(html).replace(/\s+/g, ' ').trim()).toBe(expected);
  });
});

describe("the confirmation email of a confirmed address's change of language", () => {
  it.each([
    [
      'en' as const,
      'es',
      'Confirm: Springfield Unified meeting summaries in English',
      "asked that the summaries of Springfield Unified's school board meetings that come to this address be written in English from now on. Until the change is confirmed, they keep coming in Spanish.",
    ],
    [
      'es' as const,
      'en',
      'Confirme: resúmenes de las reuniones de Springfield Unified en español',
      'se escriban en español a partir de ahora. Mientras no se confirme el cambio, seguirán llegando en inglés.',
    ],
    [
      'zh' as const,
      'en',
      '请确认：Springfield Unified的会议摘要改用简体中文',
      '改用简体中文。在确认更改之前，摘要仍将以英语发送。',
    ],
  ])('in %s, from %s: says it is a change and names both languages', (locale, current, subject, words) => {
    const email = confirmationEmail(
      {
        token,
        district_id: 7,
        district_name: 'Springfield Unified',
        unsubscribe_token: leave,
        current_language: current,
      },
      links,
      locale,
    );
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(words);
    expect(email.html).toContain(words);
  });
});

describe('the confirmation email', () => {
  const email = confirmationEmail(
    { token, district_id: 7, district_name: 'Springfield Unified', unsubscribe_token: leave },
    links,
  );

  it('names the district in its subject', () => {
    expect(email.subject).toBe('Confirm your subscription to Springfield Unified meeting summaries');
  });

  it('carries the confirmation link in both parts', () => {
    const url = `https://boards.example.org/confirm?token=${token}`;
    expect(email.text).toContain(url);
    expect(email.html).toContain(`href="${url}"`);
  });

  it('says the link asks for one press, since opening it alone confirms nothing', () => {
    expect(email.text).toContain(
      'To confirm, open this link and press Confirm my subscription (it works for three days, once):',
    );
    expect(email.html).toContain('open the link and press Confirm my subscription');
  });

  it('has one-click unsubscribe headers (RFC 8058) and a visible link', () => {
    expect(email.headers).toEqual({
      'List-Unsubscribe': `<https://api.example.org/functions/v1/unsubscribe?token=${leave}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(email.text).toContain(`Unsubscribe: https://boards.example.org/unsubscribe?token=${leave}`);
  });
});

describe('the digest email', () => {
  const payload: DigestPayload = {
    district_id: 7,
    district_name: 'Springfield <Unified>',
    unsubscribe_token: leave,
    meetings: [
      {
        id: 2,
        date: '2026-11-20',
        title: 'Board Meeting',
        meeting_type: 'special',
        topics: ['Budget', 'Cell phones'],
        summary: '<p>The board <b>discussed</b> phones.</p><script>x()</script>',
      },
      {
        id: 1,
        date: '2026-11-06',
        title: null,
        meeting_type: 'normal',
        topics: null,
        summary: '<p><img src=x onerror="alert(1)">Quiet night.</p>',
      },
    ],
  };
  const email = digestEmail(payload, links, htmlToText);

  it('counts the meetings in its subject', () => {
    expect(email.subject).toBe('Springfield <Unified>: 2 new meeting summaries');
    expect(digestSubject('X', 1)).toBe('X: 1 new meeting summary');
  });

  it('lists each meeting with title, date, topics, the start of its summary and its card link', () => {
    expect(email.text).toContain(
      [
        'Special Board Meeting, 11/20/26',
        'Topics: Budget, Cell phones',
        'The board discussed phones.',
        'Read it: https://boards.example.org/7?tab=Meetings#meeting-11-20-26',
      ].join('\n'),
    );
    expect(email.text).toContain(
      [
        'Board Meeting, 11/06/26',
        'Quiet night.',
        'Read it: https://boards.example.org/7?tab=Meetings#meeting-11-06-26',
      ].join('\n'),
    );
  });

  it('makes its HTML from escaped text and its own links only', () => {
    expect(email.html).not.toMatch(/<script|<img|onerror|<b>/);
    expect(email.html).toContain('Springfield &lt;Unified&gt;');
    expect(email.html).toContain('href="https://boards.example.org/7?tab=Meetings#meeting-11-20-26"');
  });

  it("counts the summaries it leaves out in its subject, and sends them to the board's page", () => {
    const bounded = digestEmail({ ...payload, more: 1_900 }, links, htmlToText);
    expect(bounded.subject).toBe('Springfield <Unified>: 1,902 new meeting summaries');
    expect(bounded.text).toContain(
      "And 1,900 more new meeting summaries, all on the board's page: https://boards.example.org/7",
    );
    expect(bounded.html).toContain(
      '<a href="https://boards.example.org/7">And 1,900 more new meeting summaries, all on the board&#39;s page</a>',
    );
    expect(email.text).not.toContain('more new meeting');
  });

  it('has the one-click headers', () => {
    expect(email.headers['List-Unsubscribe']).toBe(`<${oneClickUnsubscribeUrl(links, leave)}>`);
    expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});

describe('the pages behind the links', () => {
  it.each([
    [token, true],
    ['A'.repeat(64), false],
    ['a'.repeat(63), false],
    ['', false],
    [null, false],
    [`${token}'`, false],
  ])('token %s is well formed: %s', (value, expected) => {
    expect(isEmailLinkToken(value)).toBe(expected);
  });

  it.each([
    [
      { ok: true, status: 'confirmed', district_id: 1, district_name: 'A' },
      { ok: true, status: 'confirmed', district_id: 1, district_name: 'A' },
    ],
    [
      { ok: false, status: 'unknown' },
      { ok: false, status: 'unknown' },
    ],
    // An address's alerts: the management link's token, kept only when well formed (it goes into a link).
    [
      { ok: true, status: 'confirmed', district_id: null, district_name: null, manage_token: token },
      { ok: true, status: 'confirmed', manage_token: token },
    ],
    [
      { ok: false, status: 'used', manage_token: `${token}"><script>` },
      { ok: false, status: 'used' },
    ],
    [{ ok: true, status: 'weird' }, null],
    [{ status: 'confirmed' }, null],
    ['confirmed', null],
    [null, null],
  ])('answer %o parses as %o', (raw, expected) => {
    expect(parseEmailLinkResult(raw)).toEqual(expected);
  });
});
