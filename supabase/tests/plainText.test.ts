// The database reads a summary's HTML as the site does: private.plain_text (what the record search indexes and quotes)
// gives, for every case, the text htmlToText(html, 'inline') gives (tests/unit/htmlText.test.ts).
import { describe, expect, it } from 'vitest';
import { HTML_TEXT_CASES } from '../../tests/unit/htmlTextCases';
import { sql } from './helpers';

describe('private.plain_text', () => {
  it('gives the inline text of every case', async () => {
    const rows = await sql<{ text: string }>(
      'select private.plain_text(html) as text from unnest($1::text[]) with ordinality as c(html, n) order by n',
      [HTML_TEXT_CASES.map((c) => c.html)],
    );
    expect(rows.map((row) => row.text)).toEqual(HTML_TEXT_CASES.map((c) => c.inline));
  });

  it('gives nothing for no text, and leaves a reference to no character as written', async () => {
    const [row] = await sql<{ none: string; bad: string }>(
      `select private.plain_text(null) as none, private.plain_text('a &#0; b &#xD800; c') as bad`,
    );
    expect(row).toEqual({ none: '', bad: 'a &#0; b &#xD800; c' });
  });
});
