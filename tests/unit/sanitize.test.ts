// The one sanitiser (run here on jsdom, as at build): what it keeps and what it removes.
import { describe, expect, it } from 'vitest';
import { createJsdomSanitizer, richTextProblem } from '../../src/lib/node/sanitizeJsdom';
import { RICH_TEXT_LIMITS, richTextSizeProblem } from '../../src/lib/sanitize';
import { linkTimestamps } from '../../src/lib/record/timestamps';

// The sanitiser on a jsdom window, as the build's loader and the mail sender run it.
const sanitize = createJsdomSanitizer();

describe('sanitize keeps text formatting, lists, headings, tables and https/mailto links', () => {
  it.each([
    ['formatting', '<p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s> <sub>e</sub><sup>f</sup><br></p>'],
    ['lists', '<ul><li>a</li></ul><ol start="3"><li>b</li></ol><dl><dt>c</dt><dd>d</dd></dl>'],
    ['headings already below the card title', '<h4>a</h4><h5>b</h5><h6>c</h6>'],
    [
      'tables',
      '<table><caption>c</caption><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>',
    ],
    ['an https link', '<a href="https://example.org/a?b=1" title="t">x</a>'],
    ['a mailto link', '<a href="mailto:board@example.org">x</a>'],
    ['quotes and code', '<blockquote><p>q</p></blockquote><pre><code>x</code></pre>'],
  ])('%s', (_label, html) => {
    expect(sanitize(html)).toBe(html);
  });
});

describe('sanitize moves headings below the card title (h3), keeping their order', () => {
  it.each([
    ['an h1', '<h1>a</h1><p>x</p>', '<h4>a</h4><p>x</p>'],
    ['h2 and h3', '<h2>a</h2><h3>b</h3>', '<h4>a</h4><h5>b</h5>'],
    ['h1 to h6 (capped at h6)', '<h1>a</h1><h3>b</h3><h6>c</h6>', '<h4>a</h4><h6>b</h6><h6>c</h6>'],
    ['only h5', '<h5>a</h5>', '<h5>a</h5>'],
  ])('%s', (_label, html, expected) => {
    expect(sanitize(html)).toBe(expected);
  });
});

describe('sanitize removes everything else', () => {
  it.each([
    ['a script', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['an event handler', '<p onclick="alert(1)">a</p>', '<p>a</p>'],
    ['an image with onerror (images are not allowed)', '<p>a<img src="x" onerror="alert(1)"></p>', '<p>a</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['an http: link', '<a href="http://example.org">x</a>', '<a>x</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['a relative link', '<a href="/admin">x</a>', '<a>x</a>'],
    [
      'a handler on a table cell',
      '<table><tbody><tr><td colspan="2" onmouseover="x()">x</td></tr></tbody></table>',
      '<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>',
    ],
    ['a target', '<a href="https://example.org" target="_blank">x</a>', '<a href="https://example.org">x</a>'],
    ['a style attribute', '<p style="color:red">a</p>', '<p>a</p>'],
    ['a style element', '<style>p{}</style><p>a</p>', '<p>a</p>'],
    ['a class and an id', '<p class="navbar" id="main">a</p>', '<p>a</p>'],
    ['data and aria attributes', '<p data-x="1" aria-hidden="true">a</p>', '<p>a</p>'],
    ['a form', '<form action="https://evil.example"><input name="q"><button>Go</button></form>', 'Go'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['svg', '<svg><script>alert(1)</script><circle r="1"></circle></svg><p>a</p>', '<p>a</p>'],
    ['MathML', '<math><mi>x</mi></math><p>a</p>', '<p>a</p>'],
    ['an object', '<object data="x.swf"></object><p>a</p>', '<p>a</p>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>a</p>', '<p>a</p>'],
    ['a button', '<button onclick="x()">b</button>', 'b'],
    // 'body' is allowed only as the root the sanitiser walks from: a <body> in the text is never kept.
    ['a body tag with a handler', '<body onload="alert(1)"><p>a</p></body>', '<p>a</p>'],
    ['a second body tag', '<p>a</p><body><p>b</p></body>', '<p>a</p><p>b</p>'],
    ['a body tag inside svg', '<svg><body><p>a</p></body></svg>', '<p>a</p>'],
    ['a body tag inside a template', '<template><body>a</body></template><p>b</p>', '<p>b</p>'],
  ])('%s', (_label, html, expected) => {
    expect(sanitize(html)).toBe(expected);
  });

  it('returns an empty string for no text', () => {
    expect(sanitize(null)).toBe('');
    expect(sanitize('')).toBe('');
  });
});

describe('sanitize then enhance: time stamps become buttons only after sanitising', () => {
  it('turns time stamps into buttons in the sanitised DOM', () => {
    expect(sanitize('<p onclick="x()">at 3:07</p>', linkTimestamps)).toBe(
      '<p>at <button type="button" class="timestamp" data-timestamp="3:07" aria-label="Play the video from 3:07">3:07</button></p>',
    );
  });

  it('removes buttons that came with the text itself', () => {
    expect(sanitize('<button class="timestamp" data-timestamp="1:00">x</button>')).toBe('x');
  });
});

const nested = (tag: string, levels: number, inner = 'x') =>
  `<${tag}>`.repeat(levels) + inner + `</${tag}>`.repeat(levels);
const paragraph =
  '<p>The board discussed <strong>cell phones</strong> and the <a href="https://example.org/budget">budget</a>.</p>';

describe('the bounds of rich text, checked before the sanitiser parses it', () => {
  it.each([
    ['a long but flat summary', paragraph.repeat(Math.floor(RICH_TEXT_LIMITS.characters / paragraph.length))],
    ['50 nested levels', nested('div', 50)],
    [
      'lists in tables in quotes, a few levels deep',
      '<blockquote><table><tbody><tr><td><ul><li><ol><li><strong><em>x</em></strong></li></ol></li></ul></td></tr></tbody></table></blockquote>',
    ],
    [
      'thousands of unclosed paragraphs and list items, which never nest',
      '<ul>' + '<li><p>item'.repeat(3_000) + '</ul>',
    ],
  ])('lets through %s', (_label, html) => {
    expect(richTextProblem(html)).toBeNull();
    expect(sanitize(html)).not.toBe('');
  });

  it.each([
    [
      '100,000 nested <b> tags (the row that stalled a build)',
      nested('b', 100_000),
      /^is 700,001 characters long, over the 100,000 allowed$/,
    ],
    [
      'one character over the length',
      'x'.repeat(RICH_TEXT_LIMITS.characters + 1),
      /^is 100,001 characters long, over the 100,000 allowed$/,
    ],
    ['51 nested levels', nested('div', 51), /^nests tags more than 50 levels deep$/],
    ['14,000 unclosed <b> tags within the length', '<b>'.repeat(14_000) + 'x', /^nests tags more than 50 levels deep$/],
    ['end tags hidden in attribute values', '<div title="</div>">'.repeat(60), /^nests tags more than 50 levels deep$/],
    ['end tags with no element of their name', '<div></span>'.repeat(60), /^nests tags more than 50 levels deep$/],
    ['nested templates', '<template>'.repeat(60), /^nests tags more than 50 levels deep$/],
    ['tables nested in cells', '<table><tr><td>'.repeat(20), /^nests tags more than 50 levels deep$/],
    // Formatting tags closed by the end of their paragraph are opened again by the parser in the next one.
    [
      '40 formatting tags the parser opens again in each of 2,000 paragraphs',
      '<p>' + Array.from({ length: 40 }, (_, i) => `<b title="${i}">`).join('') + 'x' + '</p><p>x'.repeat(2_000),
      /^makes more than 25,000 elements$/,
    ],
  ])('refuses %s, and the sanitiser returns nothing for it', (_label, html, problem) => {
    expect(richTextProblem(html)).toMatch(problem);
    expect(sanitize(html)).toBe('');
  });

  it('checks only the length where the browser parses (its own parser caps the depth)', () => {
    expect(richTextSizeProblem('x'.repeat(RICH_TEXT_LIMITS.characters))).toBeNull();
    expect(richTextSizeProblem('x'.repeat(RICH_TEXT_LIMITS.characters + 1))).toBe(
      'is 100,001 characters long, over the 100,000 allowed',
    );
  });
});
