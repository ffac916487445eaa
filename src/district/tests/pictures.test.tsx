// The Voting and Topics tabs' pictures and tables as a reader gets them: no script, each SVG hidden from screen
// readers because a real table beside it carries the same numbers, read here from the rendered HTML.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import AgreementHeatmap from '../view/AgreementHeatmap';
import AgreementTable from '../view/AgreementTable';
import SplitVotes from '../view/SplitVotes';
import TopicTrendChart from '../view/TopicTrendChart';
import { agreementMatrix, agreementText, splitVotes } from '../agreement';
import { topicTrend } from '../charts';
import type { MemberVoting } from '../boardMembers';
import { catalogue } from '../../i18n/catalogues';
import { districtWords } from '../words';

const english = districtWords('en', catalogue('en'));

const record = (id: number, voteDate: string, votes: string): MemberVoting => ({
  id,
  type: 'recent',
  voteDate,
  category: 'Budget',
  issue: `Issue ${id} <b>`,
  outcome: 'Passed (4-1)',
  votes: votes.split(',').map((pair) => ({ name: pair.split('=')[0], vote: pair.split('=')[1] })),
});
const votings = [
  record(1, '2025-01-14', 'Maria Okafor=Yes,Dev Patel=Yes,Lin Chen=No,Sam Roe=Yes'),
  record(2, '2025-02-11', 'Maria Okafor=Yes,Dev Patel=No,Lin Chen=No,Sam Roe=Absent'),
  record(3, '2025-03-11', 'Maria Okafor=Yes,Dev Patel=Yes,Lin Chen=Yes,Sam Roe=Yes'),
];
const meetings = [
  { date: '2025-06-17', topics: ['Budget', 'LCAP'], isUpcoming: false, meeting_type: 'normal' },
  { date: '2025-05-13', topics: 'Budget, Facilities', isUpcoming: false, meeting_type: 'normal' },
  { date: '2024-09-10', topics: ['Math Pathways'], isUpcoming: false, meeting_type: 'normal' },
];

/** The component as the built page has it: rendered to HTML, never hydrated. */
const render = (element: ReactElement) => new JSDOM(renderToStaticMarkup(element)).window.document;
const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('AgreementTable: members by members, each cell the percentage and the votes it rests on', () => {
  const matrix = agreementMatrix(votings);

  it('has a caption and headers a screen reader names each cell by', () => {
    const doc = render(
      <AgreementTable t={english} matrix={matrix} memberPaths={{ 'Lin Chen': '/1/members/lin-chen' }} />,
    );
    const table = doc.querySelector('table')!;
    expect(text(table.querySelector('caption'))).toBe('Who votes together');
    expect([...table.querySelectorAll('thead th[scope="col"]')].map(text)).toEqual(matrix.members);
    expect([...table.querySelectorAll('tbody th[scope="row"]')].map(text)).toEqual(matrix.members);
    expect(table.querySelector('thead a[href="/1/members/lin-chen"]')).not.toBeNull();
  });

  it('shows every pair as the rules count it', () => {
    const doc = render(<AgreementTable t={english} matrix={matrix} />);
    const rows = [...doc.querySelectorAll('tbody tr')];
    rows.forEach((row, i) =>
      [...row.querySelectorAll('td')].forEach((cell, j) =>
        expect(text(cell)).toBe(i === j ? '—Same member' : agreementText(matrix.cells[i][j])),
      ),
    );
  });

  it('says so when there is nobody to compare', () => {
    expect(
      text(render(<AgreementTable t={english} matrix={agreementMatrix([])} />).querySelector('.empty-state')),
    ).toMatch(/not yet two board members/);
  });
});

describe('AgreementHeatmap and TopicTrendChart: static pictures beside tables', () => {
  it('the heat map is an aria-hidden SVG with every percentage written in, and no script', () => {
    const doc = render(<AgreementHeatmap t={english} matrix={agreementMatrix(votings)} />);
    const svg = doc.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(doc.querySelector('script')).toBeNull();
    expect([...svg.querySelectorAll('.heatmap-value')].map(text)).toContain('67%');
    expect(text(doc.querySelector('figcaption'))).toMatch(/darker squares/);
  });

  it('the trend chart draws each topic and its table holds the same counts', () => {
    const trend = topicTrend(meetings);
    const doc = render(<TopicTrendChart t={english} trend={trend} />);
    expect(doc.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(doc.querySelector('script')).toBeNull();
    const rows = [...doc.querySelectorAll('table tbody tr')].map((row) => [
      text(row.querySelector('th')),
      ...[...row.querySelectorAll('td')].map((td) => Number(text(td))),
    ]);
    expect(rows).toEqual(trend.series.map((series) => [series.topic, ...series.counts, series.total]));
    expect([...doc.querySelectorAll('thead th .visually-hidden')].map(text)).toEqual(
      trend.months.map((month) => month.name),
    );
  });

  it('the trend chart says so when no meeting listed a topic', () => {
    expect(text(render(<TopicTrendChart t={english} trend={topicTrend([])} />).querySelector('.empty-state'))).toBe(
      'No meeting has listed a topic yet.',
    );
  });
});

describe('SplitVotes: each split record, the minority named in words', () => {
  it('lists the split records newest first with both sides', () => {
    const doc = render(
      <SplitVotes t={english} districtId={1} splits={splitVotes(votings)} recordCount={votings.length} />,
    );
    expect(text(doc.querySelector('.split-summary'))).toBe(
      '2 of 3 recorded votes were split: the members who voted did not all vote the same way.',
    );
    const items = [...doc.querySelectorAll('.split-item')];
    expect(items.map((item) => item.querySelector('.split-issue a')!.getAttribute('href'))).toEqual([
      '/1?tab=Voting#vote-2',
      '/1?tab=Voting#vote-1',
    ]);
    expect(text(items[0].querySelector('.split-issue'))).toBe('Issue 2 <b>');
    expect([...items[1].querySelectorAll('.split-side')].map(text)).toEqual([
      'Yes (3): Maria Okafor, Dev Patel, Sam Roe',
      'No (1)Minority: Lin Chen',
    ]);
  });
});
