import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../src/lib/htmlText';
import { HTML_TEXT_CASES } from './htmlTextCases';

describe('htmlToText: the words of sanitised HTML', () => {
  it.each(HTML_TEXT_CASES)('$html', ({ html, lines, inline }) => {
    expect(htmlToText(html, 'lines')).toBe(lines);
    expect(htmlToText(html, 'inline')).toBe(inline);
  });

  it('gives nothing for no text', () => {
    expect(htmlToText(null, 'lines')).toBe('');
    expect(htmlToText(undefined, 'inline')).toBe('');
  });
});
