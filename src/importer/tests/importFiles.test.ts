// Reading an import's files: what a spreadsheet writes loads (byte-order mark, CRLF, quoted line breaks, 6/17/2025,
// 12,345), and each bad file gets a clear message naming the file, the row as a spreadsheet numbers it and the column.
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findImportFiles, readImportFile } from '../node/importFiles';
import { richTextDrops, markdownToHtml } from '../node/importRichText';
import { MAX_FILE_BYTES } from '../node/importRows';
import { readWrittenFolder } from './writtenFolder';

const readFolder = readWrittenFolder;

const messages = (reads: ReturnType<typeof readFolder>['reads']) =>
  reads.flatMap((read) =>
    read.problems.map((p) => `${p.severity} ${p.file} ${p.row ?? '-'} ${p.column ?? '-'}: ${p.message}`),
  );

describe('what a spreadsheet writes loads', () => {
  it('reads a byte-order mark, CRLF line ends, a quoted cell with line breaks, 6/17/2025 and 12,345', () => {
    const { reads } = readFolder({
      'districts.csv': '\uFEFFid,name,state,totalStudents\r\n7,"Palo Alto, Unified",ca,"12,345"\r\n',
      '7/meetings.csv':
        'date,title,summary\r\n6/17/2025,Regular Board Meeting,"<p>First line</p>\r\n<p>Second line</p>"\r\n2025-06-03,,\r\n',
    });
    expect(messages(reads)).toEqual([]);
    const [districts, meetings] = reads;
    expect(districts.rows[0].data).toEqual({ id: 7, name: 'Palo Alto, Unified', state: 'CA', totalStudents: 12345 });
    expect(
      meetings.rows.map((row) => [row.row, row.districtId, row.data.date, row.data.title, row.data.summary]),
    ).toEqual([
      [2, 7, '2025-06-17', 'Regular Board Meeting', '<p>First line</p>\r\n<p>Second line</p>'],
      [3, 7, '2025-06-03', null, null],
    ]);
  });

  it("reads the site's own votes.csv as it is, one record per issue with each member's vote", () => {
    const { reads } = readFolder({
      '1/votes.csv':
        'date,category,issue,outcome,member,vote,record_id,table\r\n2025-06-17,Budget,Adopt the budget,Passed (2-0),Maria Okafor,Yes,4,recent\r\n2025-06-17,Budget,Adopt the budget,Passed (2-0),James Lindqvist,Yes,4,recent\r\n2025-06-17,Budget,Adopt the budget,Passed (2-0),Priya Raman,,4,recent\r\n',
    });
    expect(messages(reads)).toEqual([]);
    expect(reads[0].rows.map((row) => row.data)).toEqual([
      {
        districtId: 1,
        voteDate: '2025-06-17',
        issue: 'Adopt the budget',
        type: 'recent',
        category: 'Budget',
        outcome: 'Passed (2-0)',
        id: 4,
        votes: [
          { name: 'Maria Okafor', vote: 'Yes' },
          { name: 'James Lindqvist', vote: 'Yes' },
          { name: 'Priya Raman', vote: '-' },
        ],
      },
    ]);
  });

  it('turns a Markdown summary into HTML through marked', () => {
    const { reads } = readFolder({
      '1/meetings.csv': 'date,summary_file\n2025-06-17,june.md\n',
      '1/june.md': 'The board adopted the **budget**.\n\n- LCAP\n',
    });
    expect(reads[0].rows[0].data.summary).toBe(
      '<p>The board adopted the <strong>budget</strong>.</p>\n<ul>\n<li>LCAP</li>\n</ul>',
    );
    expect(markdownToHtml('*a*')).toBe('<p><em>a</em></p>');
  });
});

describe("a scraper's Open Civic Data Event", () => {
  it('gives the meeting its start and zone, topics from the agenda, video, agenda and minutes from media and documents', () => {
    const event = {
      name: 'Regular Meeting',
      start_date: '2025-06-17T18:00:00-07:00',
      timezone: 'America/Los_Angeles',
      status: 'passed',
      description: '<p>Adopted.</p>',
      agenda: [{ description: 'Budget' }, { description: 'LCAP' }],
      media: [
        { note: 'Recording', links: [{ url: 'https://www.youtube.com/watch?v=aBcDeFgHiJ1' }] },
        { note: 'Full meeting (district archive)', links: [{ url: 'https://video.example.org/2025-06-17' }] },
      ],
      documents: [
        { note: 'Agenda', links: [{ url: 'https://example.org/agenda.pdf' }] },
        { note: 'Minutes (draft)', links: [{ url: 'https://example.org/minutes.pdf' }] },
      ],
    };
    const { reads } = readFolder({ '4/meetings.json': JSON.stringify([event]) });
    expect(messages(reads)).toEqual([]);
    expect(reads[0].rows[0].data).toEqual({
      districtId: 4,
      date: '2025-06-17',
      title: 'Regular Meeting',
      topics: ['Budget', 'LCAP'],
      summary: '<p>Adopted.</p>',
      meeting_type: 'normal',
      isUpcoming: false,
      youtube_link: 'https://www.youtube.com/watch?v=aBcDeFgHiJ1',
      full_video_url: 'https://video.example.org/2025-06-17',
      agenda_url: 'https://example.org/agenda.pdf',
      minutes_url: 'https://example.org/minutes.pdf',
      minutes_status: 'draft',
      summary_source: null,
      start_time: '18:00',
      time_zone: 'America/Los_Angeles',
    });
  });
});

describe('each bad input gets a clear message', () => {
  it.each([
    [
      'a misspelt header',
      { 'meetings.csv': 'district_id,date,summery\n1,2025-06-17,x\n' },
      'error meetings.csv 1 summery: is not a column of meetings.csv. Did you mean "summary"? Correct the header.',
    ],
    [
      'a missing header row',
      { 'meetings.csv': '1,2025-06-17,Regular Board Meeting\n' },
      'error meetings.csv 1 -: has no header row: the first row should name the columns (district_id, id, date, title, topics, summary, …) but it looks like data. Add the header row at the top.',
    ],
    [
      'a missing required column',
      { 'topics.csv': 'district_id,description\n1,x\n' },
      'error topics.csv 1 title: is missing: topics.csv needs a "title" column. Add it to the header.',
    ],
    [
      'an empty required cell',
      { '1/topics.csv': 'title,upvotes\nBudget,3\n,5\n' },
      'error 1/topics.csv 3 title: is empty. Every topic needs its title.',
    ],
    [
      'a day that does not exist',
      { '1/meetings.csv': 'date\n2/30/2025\n' },
      'error 1/meetings.csv 2 date: is not a day on the calendar. Check the month and the day.',
    ],
    [
      'a time without its zone',
      { '1/meetings.csv': 'date,start_time\n2025-06-17,6:00 PM\n' },
      'error 1/meetings.csv 2 time_zone: is empty but start_time is 18:00. Give the time zone the time is in, such as America/Los_Angeles.',
    ],
    [
      'a video link the popup cannot play',
      { '1/meetings.csv': 'date,youtube_link\n2025-06-17,https://vimeo.com/1\n' },
      'error 1/meetings.csv 2 youtube_link: is not a video link the site can play. Use a YouTube link such as https://www.youtube.com/watch?v=… or https://youtu.be/…; put other recordings in full_video_url.',
    ],
    [
      'time stamps without a video',
      { '1/meetings.csv': 'date,summary,youtube_link\n2025-06-17,<p>Comment began at 12:45.</p>,\n' },
      'warning 1/meetings.csv 2 youtube_link: is empty but the summary has time stamps (12:45), which link to the video only when the meeting has one. Add the video link, or leave the time stamps as plain text.',
    ],
    [
      'an outcome that contradicts its votes',
      {
        '1/votes.csv':
          'date,issue,outcome,member,vote\n2025-06-17,Budget,Passed (4-1),A,Yes\n2025-06-17,Budget,Passed (4-1),B,Yes\n2025-06-17,Budget,Passed (4-1),C,Yes\n',
      },
      "error 1/votes.csv 2 outcome: contradicts its votes: 'Passed (4-1)' counts 4-1-0 but the votes are 3 Yes, 0 No, 0 other. Correct the outcome or the votes.",
    ],
    [
      'a formula-injection cell',
      { '1/topics.csv': 'title\n"=HYPERLINK(""https://evil.example"",""Budget"")"\n' },
      "error 1/topics.csv 2 title: starts like a spreadsheet formula (=, +, -, @), which a spreadsheet would run when the file is opened again. If it is text, put a single quote before it ('=…): it is then kept as text.",
    ],
    [
      'a district folder and a district_id that disagree',
      { '2/topics.csv': 'district_id,title\n3,Budget\n' },
      'error 2/topics.csv 2 district_id: names district 3 but the file is in the folder of district 2. Move the row or correct the id.',
    ],
  ])('%s', (_name, files, message) => {
    expect(messages(readFolder(files).reads)).toContain(message);
  });

  it('a file with invalid UTF-8 says which line and how to save it', () => {
    const { reads } = readFolder({
      '1/topics.csv': Buffer.concat([Buffer.from('title\nBudget\nCaf'), Buffer.from([0xe9]), Buffer.from('\n')]),
    });
    expect(messages(reads)).toEqual([
      'error 1/topics.csv - -: is not UTF-8 text: line 3 holds bytes of another encoding. Save the file as "CSV UTF-8" (Excel) or with UTF-8 encoding, then import it again.',
    ]);
    expect(reads[0].rows).toEqual([]);
  });

  it('a 200 MB file is refused before it is read', () => {
    const { dir } = readFolder({});
    writeFileSync(join(dir, 'votes.csv'), '');
    truncateSync(join(dir, 'votes.csv'), 200 * 1024 * 1024);
    const [read] = findImportFiles([dir]).files.map(readImportFile);
    expect(MAX_FILE_BYTES).toBeLessThan(200 * 1024 * 1024);
    expect(read.problems.map((p) => p.message)).toEqual([
      'is 200 MB, larger than the 50 MB a file may be. Split it into several files (by district or by school year) in the same folder.',
    ]);
  });

  it('a JSON document 1,000 levels deep is refused', () => {
    const { reads } = readFolder({ '1/meetings.json': `${'['.repeat(1000)}${']'.repeat(1000)}` });
    expect(messages(reads)).toEqual([
      'error 1/meetings.json - -: nests more than 32 levels deep (an Open Civic Data document nests at most 5). It is not a meeting or vote export; check what wrote it.',
    ]);
  });

  it('a summary with <script> and a javascript: link is refused; formatting the site does not show is a warning', () => {
    const { reads } = readFolder({
      '1/meetings.csv':
        'date,title,summary\n2025-06-17,A,"<p>Hi<script>alert(1)</script> <a href=""javascript:alert(2)"">x</a></p>"\n2025-06-18,B,"<div class=""x"">Kept</div><a href=""http://example.org"">y</a>"\n',
    });
    expect(messages(reads)).toEqual([
      'error 1/meetings.csv 2 summary: holds <script>, a link to javascript:alert(2), which the site never shows or runs. Remove them (links must start with https:// or mailto:).',
      'warning 1/meetings.csv 3 summary: holds formatting the site does not show; it will drop <div> (its text stays), the class attribute, a link to http://example.org.',
    ]);
    expect(reads[0].rows.map((row) => row.data.title)).toEqual(['B']);
    expect(richTextDrops('<p>Only <strong>allowed</strong> <a href="https://x.example">text</a></p>')).toEqual({
      dropped: [],
      unsafe: [],
    });
  });

  it('an http:// agenda link is kept as published, with a warning; a javascript: one refuses its row', () => {
    const { reads } = readFolder({
      '1/meetings.csv':
        'date,title,agenda_url\n2025-06-17,A,http://www.example-usd.org/agenda.pdf\n2025-06-18,B,javascript:alert(1)\n',
    });
    expect(messages(reads)).toEqual([
      'warning 1/meetings.csv 2 agenda_url: is an http:// address (not encrypted). It is kept as published and the card links to it; give its https:// address if the district has one.',
      'error 1/meetings.csv 3 agenda_url: is not a web address (https:// or http://). Use the address of the page as a browser shows it.',
    ]);
    expect(reads[0].rows.map((row) => row.data.agenda_url)).toEqual(['http://www.example-usd.org/agenda.pdf']);
  });

  it("a formula written as text ('=…, as the site's own CSV writes it) loads as the text", () => {
    const { reads } = readFolder({ '1/topics.csv': "title\n'=SUM(1)\n" });
    expect(messages(reads)).toEqual([]);
    expect(reads[0].rows[0].data.title).toBe('=SUM(1)');
  });

  it('files it does not read are named, and Markdown beside a CSV is not one of them', () => {
    const { found } = readFolder({ '1/topics.csv': 'title\nA\n', '1/notes.txt': 'x', '1/a.md': 'x' });
    expect(found.ignored).toEqual(['1/notes.txt']);
  });
});

// With --replace, the site's row under a refused row's natural key is kept; a refused row whose key columns are the
// problem has no key, and keeps every row of its kind and district instead (supabase/tests/importReplace.test.ts).
describe("a refused row's natural key is noted when its key columns were read", () => {
  it.each([
    [
      'a meeting refused for its flag',
      '1/meetings.csv',
      'date,title,isUpcoming\n2025-03-04,March,perhaps\n',
      ['meetings 1|2025-03-04|March 1'],
    ],
    [
      'a meeting with no title refused for its link',
      '1/meetings.csv',
      'date,agenda_url\n2025-03-04,ftp://x\n',
      ['meetings 1|2025-03-04| 1'],
    ],
    ['a meeting refused for its date', '1/meetings.csv', 'date,title\n2025-02-30,March\n', []],
    ['a meeting whose title is a formula', '1/meetings.csv', 'date,title\n2025-03-04,=SUM(1)\n', []],
    ['a topic refused for its count', '1/topics.csv', 'title,upvotes\nBudget,lots\n', ['topics 1|Budget 1']],
    ['a topic whose title is too long', '1/topics.csv', `title\n${'a'.repeat(301)}\n`, []],
    [
      "a vote whose outcome disagrees with its members' votes, one row per member",
      '1/votes.csv',
      'date,issue,outcome,member,vote\n2025-06-17,Adopt the budget,Passed,Ana,No\n2025-06-17,Adopt the budget,Passed,Ben,No\n',
      ['votings 1|2025-06-17|Adopt the budget 2'],
    ],
    ['a vote row with no issue', '1/votes.csv', 'date,issue,member,vote\n2025-06-17,,Ana,Yes\n', []],
  ])('%s', (_label, name, content, expected) => {
    const { reads } = readFolder({ [name]: content });
    expect(reads[0].refused).toBeGreaterThan(0);
    expect((reads[0].refusedKeys ?? []).map((refusal) => `${refusal.kind} ${refusal.key} ${refusal.rows}`)).toEqual(
      expected,
    );
  });
});
