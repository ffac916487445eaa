// The cases every reader of a summary's HTML as text is held to: htmlToText (src/lib/htmlText.ts) in both layouts,
// and the database's private.plain_text, which must give the 'inline' text (supabase/tests/plainText.test.ts).
export interface HtmlTextCase {
  html: string;
  lines: string;
  inline: string;
}

export const HTML_TEXT_CASES: HtmlTextCase[] = [
  { html: '<p>One</p><p>Two</p>', lines: 'One\n\nTwo', inline: 'One Two' },
  {
    html: '<p>A &amp; B &lt;C&gt; &quot;D&quot; &#39;E&#39; &#x2014; &#8212; &nbsp;F</p>',
    lines: 'A & B <C> "D" \'E\' — — F',
    inline: 'A & B <C> "D" \'E\' — — F',
  },
  { html: '<ul><li>First</li><li>Second</li></ul>', lines: '- First\n- Second', inline: 'First Second' },
  { html: 'Line<br>break', lines: 'Line\nbreak', inline: 'Line break' },
  {
    html: '<a href="https://x.org/a?b=1&amp;c=2">the plan</a>',
    lines: 'the plan (https://x.org/a?b=1&c=2)',
    inline: 'the plan',
  },
  { html: '<a href="https://x.org">https://x.org</a>', lines: 'https://x.org', inline: 'https://x.org' },
  { html: '<span title="a>b">kept</span>', lines: 'kept', inline: 'kept' },
  {
    html: '<button type="button" class="timestamp" data-timestamp="0:42">0:42</button> vote',
    lines: '0:42 vote',
    inline: '0:42 vote',
  },
  {
    html: '<p>Cell <strong>phone</strong>s<em>,</em> banned</p>',
    lines: 'Cell phones, banned',
    inline: 'Cell phones, banned',
  },
  { html: '<h2>Budget</h2><p>Adopted.</p>', lines: 'Budget\n\nAdopted.', inline: 'Budget — Adopted.' },
  {
    html: '<h3><strong>Cell phone</strong> policy </h3><p>A first reading.</p><h3>Bond?</h3><p>Not yet.</p>',
    lines: 'Cell phone policy\n\nA first reading.\n\nBond?\n\nNot yet.',
    inline: 'Cell phone policy — A first reading. Bond? Not yet.',
  },
  {
    html: '<p>Closing words</p><h2>Next steps</h2>',
    lines: 'Closing words\n\nNext steps',
    inline: 'Closing words Next steps',
  },
  { html: '<p>  spaced \n\t out  </p>', lines: 'spaced out', inline: 'spaced out' },
  // Tag names in capitals, with attributes, on a new line, or closing themselves are the same tags.
  { html: '<P CLASS="lead">One</P><BR/>Two', lines: 'One\n\nTwo', inline: 'One Two' },
  { html: '<div\nclass="a">x</div>y', lines: 'x\ny', inline: 'x y' },
  { html: '<H2 id="b">Budget</H2><P>Adopted.</P>', lines: 'Budget\n\nAdopted.', inline: 'Budget — Adopted.' },
  // A custom element is inline, whatever block name it starts with.
  { html: '<p-x>in</p-x>line', lines: 'inline', inline: 'inline' },
  { html: '', lines: '', inline: '' },
];
