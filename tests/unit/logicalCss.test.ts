// Right-to-left ready: every stylesheet of the site says where a box sits by the text's direction (margin-inline-start,
// inset-inline-end, text-align: start, float: inline-start), never by left and right, so a right-to-left language
// (Arabic, say) mirrors the pages with a catalogue and a line in its locale's facts, and no CSS to change. Top and
// bottom stay as they are: no language the site may add writes vertically.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** The declarations that place a box by left or right, with what to write instead. */
const PHYSICAL: { pattern: RegExp; instead: string }[] = [
  {
    pattern: /(?<![-\w])(margin|padding)-(left|right)\s*:/,
    instead: 'margin-inline-start, padding-inline-end and so on',
  },
  { pattern: /(?<![-\w])border-(left|right)(-\w+)?\s*:/, instead: 'border-inline-start or -end' },
  { pattern: /(?<![-\w])(left|right)\s*:/, instead: 'inset-inline-start or -end' },
  {
    pattern: /(?<![-\w])inset\s*:\s*[^\s;{}]+\s+[^;{}]+;/,
    instead: 'inset-block and inset-inline (one value for all four sides is fine)',
  },
  {
    pattern: /(?<![-\w])(text-align|float|clear)\s*:\s*(left|right)\b/,
    instead: 'start, end, inline-start or inline-end',
  },
  // Four values whose right (the second) and left (the fourth) differ.
  {
    pattern: /(?<![-\w])(margin|padding)\s*:\s*\S+\s+(\S+)\s+\S+\s+(?!\2\s*;)\S+\s*;/,
    instead: 'margin-block and margin-inline (padding-…), start value first',
  },
];

/** The physical declarations in a stylesheet's text (comments left out), each with its line and what to use. */
export function physicalDeclarations(css: string): { line: number; text: string; instead: string }[] {
  const lines = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).split('\n');
  return lines.flatMap((text, index) =>
    PHYSICAL.filter(({ pattern }) => pattern.test(text)).map(({ instead }) => ({
      line: index + 1,
      text: text.trim(),
      instead,
    })),
  );
}

/** The CSS of a source file: a .css file whole, an .astro component's <style> blocks (blanks keep the line numbers). */
export function stylesIn(name: string, text: string): string {
  if (name.endsWith('.css')) return text;
  let css = '';
  let at = 0;
  for (const match of text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
    const start = match.index + match[0].indexOf('>') + 1;
    css += text.slice(at, start).replace(/[^\n]/g, ' ') + match[1];
    at = start + match[1].length;
  }
  return css;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(css|astro)$/.test(entry.name) ? [path] : [];
  });
}

describe('what counts as placing a box by left or right', () => {
  it.each([
    ['margin-left: auto;', true],
    ['  padding-right: 0.25rem;', true],
    ['border-left: 4px solid var(--no);', true],
    ['border-left-color: var(--brand);', true],
    ['right: 0.75rem;', true],
    ['inset: 0 0 0 auto;', true],
    ['text-align: left;', true],
    ['float: right;', true],
    ['margin: 0 3rem 1rem 0;', true],
    ['padding: 0.5rem 0 0.5rem 0.75rem;', true],
    ['padding: 0.5rem 1rem 0.25rem 1rem;', false],
    ['margin: 0 auto;', false],
    ['padding: 0.5rem 0.75rem 0.25rem;', false],
    ['margin-inline-start: auto;', false],
    ['border-inline-start: 4px solid var(--line);', false],
    ['inset-inline-end: 0.75rem;', false],
    ['inset: 0;', false],
    ['text-align: start;', false],
    ['float: inline-start;', false],
    ['scroll-margin-top: 4rem;', false],
    ['top: calc(100% + 4px);', false],
    ['/* the bar starts on the right: */', false],
  ])('%s → %s', (css, physical) => {
    expect(physicalDeclarations(css).length > 0).toBe(physical);
  });

  it("reads only a component's <style> blocks, at their own lines", () => {
    const component =
      '---\nconst left = 1;\n---\n<p style="left: 0">x</p>\n<style>\n  .a {\n    margin-left: 1rem;\n  }\n</style>\n';
    expect(physicalDeclarations(stylesIn('A.astro', component))).toEqual([
      { line: 7, text: 'margin-left: 1rem;', instead: 'margin-inline-start, padding-inline-end and so on' },
    ]);
  });
});

describe("the site's stylesheets", () => {
  it('place every box by the direction of the text, never by left or right', () => {
    const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'public'))];
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      physicalDeclarations(stylesIn(file, readFileSync(file, 'utf8'))).map(
        ({ line, text, instead }) => `${relative(ROOT, file)}:${line}: ${text} (use ${instead})`,
      ),
    );
    expect(found).toEqual([]);
  });
});
