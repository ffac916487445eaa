// Reading plans in benchmarks (scripts/lib/plans.mjs): the plan check of bench:search fails on any sequential scan of
// the searchable tables, and lists the indexes each search uses.
import { describe, expect, it } from 'vitest';
import { sequentialScans, usedIndexes } from '../../scripts/lib/plans.mjs';

const SEARCHABLE = ['meetings', 'topics', 'votings'];

describe('sequentialScans', () => {
  it.each([
    ['Bitmap Heap Scan on meetings x\n  ->  Bitmap Index Scan on meetings_search_idx', []],
    ['Seq Scan on meetings x  (cost=0.00..1.00 rows=1 width=4)', ['meetings']],
    ['Limit\n  ->  Seq Scan on public.votings x', ['votings']],
    ['Hash Join\n  ->  Seq Scan on districts d\n  ->  Index Scan using topics_pkey on topics t', []],
    ['Seq Scan on topics t\nSeq Scan on meetings m\nSeq Scan on topics t', ['meetings', 'topics']],
    ['Seq Scan on meetings_archive m', []],
    ['Parallel Seq Scan on meetings x', ['meetings']],
  ])('%j reads %j whole', (plan, tables) => {
    expect(sequentialScans(plan, SEARCHABLE)).toEqual(tables);
  });
});

describe('usedIndexes', () => {
  it.each([
    [
      'Index Scan using meetings_date_idx on meetings x\n  Index Scan Backward using topics_pkey on topics x',
      ['meetings_date_idx', 'topics_pkey'],
    ],
    ['Bitmap Index Scan on votings_search_idx\nBitmap Index Scan on votings_search_idx', ['votings_search_idx']],
    ['Seq Scan on meetings x', []],
  ])('%j uses %j', (plan, indexes) => {
    expect(usedIndexes(plan)).toEqual(indexes);
  });
});
