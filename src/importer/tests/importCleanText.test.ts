// Clean text in, clear words out: NUL and the characters XML forbids are refused by file, row and column (never
// "unsupported Unicode escape sequence" from the database); a summary the site would not show is a warning at
// import, by row; a clock time after a date is not a video time stamp; any day of the calendar is a date.
import { describe, expect, it } from 'vitest';
import { forbiddenCharacter, parseDate } from '../importChecks';
import { readWrittenFolder } from './writtenFolder';

function readFolder(files: Record<string, string>) {
  const { reads } = readWrittenFolder(files);
  return {
    reads,
    messages: reads.flatMap((read) =>
      read.problems.map(
        (p) =>
          `${p.severity} ${p.file} ${p.row ?? '-'} ${p.column ?? '-'} ${JSON.stringify(p.value)}: ${p.message.split(/[,:] /)[0]}`,
      ),
    ),
  };
}

describe('forbiddenCharacter: the characters text may not hold', () => {
  it.each([
    ['A\u0000B', 'U+0000 a NUL character'],
    ['bell\u0007', 'U+0007 a control character'],
    ['form\u000Cfeed', 'U+000C a control character'],
    ['title\uFFFE', 'U+FFFE a character that is not a character (a "noncharacter")'],
    ['title\uFFFF', 'U+FFFF a character that is not a character (a "noncharacter")'],
    ['cut \uD83D here', 'U+D83D half of a character (the text was cut in the middle of one)'],
    ['cut \uDE00 here', 'U+DE00 half of a character (the text was cut in the middle of one)'],
  ])('%j holds %s', (text, expected) => {
    const found = forbiddenCharacter(text);
    expect(found && `${found.code} ${found.what}`).toBe(expected);
  });
  it.each(['tab\tline\nreturn\r', 'emoji 😀 and 中文 and é', '\u007F\u0085 (allowed by XML 1.0)', ''])(
    '%j is clean',
    (text) => expect(forbiddenCharacter(text)).toBeNull(),
  );
});

describe('a forbidden character is refused by file, row and column', () => {
  it('in a CSV cell, a member name, a Markdown summary and an OCD title; the clean rows are kept', () => {
    const { reads, messages } = readFolder({
      '1/meetings.csv': 'date,title,summary_file\n2025-01-02,Fine,\n2025-01-03,"Bad\u0000title",\n2025-01-04,Md,s.md\n',
      '1/s.md': 'Summary with a \u0007 bell',
      '1/votes.csv':
        'date,issue,outcome,member,vote\n2025-01-02,Budget,Passed (2-0),Ana Ruiz,Yes\n2025-01-02,Budget,Passed (2-0),Ben\u0001 Cho,Yes\n',
      '1/events.json': JSON.stringify([
        { name: 'Clean', start_date: '2025-02-01' },
        { name: 'Feed breaker \uFFFE', start_date: '2025-02-02' },
        { name: 'Half \uD83D', start_date: '2025-02-03' },
      ]),
    });
    expect(messages).toEqual([
      'error 1/meetings.csv 3 title "Bad[U+0000]title": holds a NUL character',
      'error 1/meetings.csv 4 summary "<p>Summary with a [U+0007] bell</p>": holds a control character',
      'error 1/votes.csv 3 member "Ben[U+0001] Cho": holds a control character',
      'error 1/events.json 2 title "Feed breaker [U+FFFE]": holds a character that is not a character (a "noncharacter")',
      'error 1/events.json 3 title "Half [U+D83D]": holds half of a character (the text was cut in the middle of one)',
    ]);
    expect(reads.map((read) => [read.file.name, read.rows.map((row) => row.data.title ?? row.data.issue)])).toEqual([
      ['1/meetings.csv', ['Fine']],
      ['1/votes.csv', []],
      ['1/events.json', ['Clean']],
    ]);
  });
});

describe("a summary over the site's display bounds is a warning at import, by row", () => {
  it('700,011 characters, and tags nested 60 levels deep', () => {
    const long = `<p>${'a'.repeat(700_004)}</p>`;
    const deep = `${'<ul><li>'.repeat(30)}deep${'</li></ul>'.repeat(30)}`;
    const { reads, messages } = readFolder({
      '1/meetings.csv': `date,title,summary\n2025-01-02,Long,${long}\n2025-01-03,Deep,${deep}\n2025-01-04,Short,<p>Fine</p>\n`,
    });
    expect(messages).toEqual([
      `warning 1/meetings.csv 2 summary ${JSON.stringify(`${long.slice(0, 200)}…`)}: is 700,011 characters long`,
      `warning 1/meetings.csv 3 summary ${JSON.stringify(`${deep.slice(0, 200)}…`)}: nests tags more than 50 levels deep`,
    ]);
    expect(reads[0].problems[0].message).toContain(
      'so the site will not show it: a page shows rich text within 100,000 characters, 25,000 elements and 50 levels of tags.',
    );
    expect(reads[0].rows.map((row) => row.data.title)).toEqual(['Long', 'Deep', 'Short']);
  });
});

describe('a clock time is not a video time stamp', () => {
  it('"Minutes of Feb 15, 2018 12:00 PM" (with a no-break space too) needs no video; "at 1:05:10" does', () => {
    const { messages } = readFolder({
      '1/meetings.csv':
        'date,title,summary\n2018-02-15,A,<p>Minutes of Feb 15 2018 12:00&nbsp;PM</p>\n2018-02-16,B,"<p>Minutes of Feb 15, 2018 12:00 PM</p>"\n2018-02-17,C,<p>Vote at 1:05:10</p>\n',
    });
    expect(messages).toEqual([
      'warning 1/meetings.csv 4 youtube_link "": is empty but the summary has time stamps (1:05:10)',
    ]);
  });
});

describe('any day the calendar has is a date', () => {
  it.each([
    ['1850-03-04', '1850-03-04'],
    ['7/4/1776', '1776-07-04'],
    ['0099-01-01', '0099-01-01'],
    ['2400-02-29', '2400-02-29'],
  ])('%s reads as %s', (cell, expected) => expect(parseDate(cell)).toEqual({ ok: true, value: expected }));
  it.each(['1900-02-29', '0000-01-01', '2100-02-29'])('%s is not a day', (cell) =>
    expect(parseDate(cell)).toEqual({
      ok: false,
      message: 'is not a day on the calendar. Check the month and the day.',
    }),
  );
});
