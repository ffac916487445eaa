// Time stamps in summaries: parsing (3 parts, 2 parts, anything else), finding them in text, and the buttons.
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { linkTimestamps, parseTimestamp, splitTimestamps } from '../../src/lib/record/timestamps';

describe('parseTimestamp: 3 parts are h:m:s, 2 parts m:s, anything else 0', () => {
  it.each([
    ['1:05:10', 3910],
    ['0:00:00', 0],
    ['10:00:01', 36001],
    ['12:45', 765],
    ['3:07', 187],
    ['0:59', 59],
    ['125:30', 7530],
    ['45', 0],
    ['', 0],
    ['1:2:3:4', 0],
    ['a:bc', 0],
    ['1:-5', 0],
    [null, 0],
    [' 2:30 ', 150],
  ])('%j → %i seconds', (timestamp, seconds) => {
    expect(parseTimestamp(timestamp)).toBe(seconds);
  });
});

describe('splitTimestamps: finds m:ss and h:mm:ss standing alone, not clock times', () => {
  const found = (text: string) =>
    splitTimestamps(text)
      .filter((p) => p.timestamp)
      .map((p) => p.text);
  it.each([
    ['at 3:07 and at 1:05:10.', ['3:07', '1:05:10']],
    ['(starting at 12:45)', ['12:45']],
    ['presented at 38:15. The committee', ['38:15']],
    ['The board recessed at 9:15 p.m. and resumed at 9:25 PM', []],
    ['adjourned at 10:40pm', []],
    ['a ratio of 4-1 and 3.5:1', []],
    ['a time 12:345 or 1:2', []],
    ['version 1:05:10:20', []],
    ['no stamps here', []],
    ['Minutes of Feb 15, 2018 12:00 PM', []],
    ['Minutes of Feb 15, 2018 12:00', []],
    ['Meeting of 2018-02-15 18:00, video at 1:05:10', ['1:05:10']],
    ['Meeting of 2/15/2018 6:30 and 2018-02-15T18:00', []],
    ['lunch at 12:00 noon, closed session until 12:00 midnight', []],
    ['item 4, 12:45 into the video', ['12:45']],
  ])('%s → %j', (text, stamps) => {
    expect(found(text)).toEqual(stamps);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'from 0:30 to 1:00:00, then 2:15!';
    expect(
      splitTimestamps(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });
});

describe('linkTimestamps: each time stamp becomes a button carrying it', () => {
  const linked = (html: string) => {
    const { document } = new JSDOM('').window;
    const root = document.createElement('div');
    root.innerHTML = html;
    linkTimestamps(root);
    return root.innerHTML;
  };

  it('replaces a time stamp in text with a button', () => {
    expect(linked('<p>Public comment began at <strong>1:05:10</strong>.</p>')).toBe(
      '<p>Public comment began at <strong><button type="button" class="timestamp" data-timestamp="1:05:10" aria-label="Play the video from 1:05:10">1:05:10</button></strong>.</p>',
    );
  });

  it('leaves time stamps inside links as text (a button may not sit inside a link)', () => {
    expect(linked('<p><a href="https://example.org">at 3:07</a></p>')).toBe(
      '<p><a href="https://example.org">at 3:07</a></p>',
    );
  });

  it('handles several time stamps in one text node', () => {
    const html = linked('<p>3:07, 12:45 and 1:05:10</p>');
    expect(html.match(/data-timestamp="[^"]+"/g)).toEqual([
      'data-timestamp="3:07"',
      'data-timestamp="12:45"',
      'data-timestamp="1:05:10"',
    ]);
  });

  it('changes nothing when there is no time stamp', () => {
    expect(linked('<p>The meeting adjourned at 10:40 p.m.</p>')).toBe('<p>The meeting adjourned at 10:40 p.m.</p>');
  });
});
