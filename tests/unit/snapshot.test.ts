// Grouping the snapshot's tables into district pages, and each page's cache key (the page is rendered again only
// when its key changes).
import { describe, expect, it } from 'vitest';
import { groupSnapshots } from '../../src/lib/node/snapshot';
import { snapshotLine, type DistrictLines } from '../../src/lib/node/snapshot-cache';

const district = (id: number) => ({ id, name: `District ${id}` });
const meeting = (id: number, districtId: number, date: string) => ({ id, districtId, date, summaryHtml: null });
const topic = (id: number, districtId: number) => ({ id, districtId, title: `Topic ${id}`, descriptionHtml: null });
const voting = (id: number, districtId: number) => ({ id, districtId, votes: [] });

/** A table's rows as the page build reads them from its file: [digest, row] in file order, by district. */
type Rows = [string, { id: number; districtId?: number }][];
function byDistrict(rows: Rows): Map<number, DistrictLines> {
  const map = new Map<number, DistrictLines>();
  for (const [digest, row] of rows) {
    const id = row.districtId ?? row.id;
    const own = map.get(id) ?? { digests: [], lines: [] };
    own.digests.push(digest);
    own.lines.push(snapshotLine(digest, '', id, row));
    map.set(id, own);
  }
  return map;
}

const tables = () => ({
  districts: [['d2', district(2)], ['d1', district(1)], ['d3', district(3)]] as Rows,
  meetings: [['m1', meeting(1, 1, '2025-01-10')], ['m2', meeting(2, 1, '2025-03-01')], ['m3', meeting(3, 2, '2025-02-01')], ['m4', meeting(4, 1, '2025-03-01')]] as Rows,
  topics: [['t1', topic(1, 1)], ['t2', topic(2, 1)], ['t3', topic(3, 3)]] as Rows,
  votings: [['v1', voting(1, 2)], ['v2', voting(2, 1)], ['v3', voting(3, 2)]] as Rows,
});

type Tables = ReturnType<typeof tables>;
const group = (t: Tables) =>
  groupSnapshots({ districts: byDistrict(t.districts), meetings: byDistrict(t.meetings), topics: byDistrict(t.topics), votings: byDistrict(t.votings) });
/** A table with a row replaced (found by id), or added at the end when no row has its id. */
const withRow = (rows: Rows, entry: Rows[number]) => (rows.some(([, r]) => r.id === entry[1].id) ? rows.map((r) => (r[1].id === entry[1].id ? entry : r)) : [...rows, entry]);

describe('groupSnapshots: one snapshot per district, by id', () => {
  it('orders districts by id; meetings by date (newest first, ties as read), topics by id (newest first), votings as read', () => {
    const pages = group(tables());
    expect(pages.map((p) => p.id)).toEqual([1, 2, 3]);
    const [one, two, three] = pages.map((p) => p.snapshot());
    expect(one.district).toEqual(district(1));
    expect(one.meetings.map((m) => m.id)).toEqual([2, 4, 1]);
    expect(one.topics.map((t) => t.id)).toEqual([2, 1]);
    expect(one.votings.map((v) => v.id)).toEqual([2]);
    expect(two.meetings.map((m) => m.id)).toEqual([3]);
    expect(two.votings.map((v) => v.id)).toEqual([1, 3]);
    expect(three).toEqual({ district: district(3), meetings: [], topics: [topic(3, 3)], votings: [] });
  });

  it("gives a page's rows anew each time they are asked for (nothing kept once the page is written)", () => {
    const [one] = group(tables());
    const first = one.snapshot();
    expect(one.snapshot()).toEqual(first);
    expect(one.snapshot()).not.toBe(first);
  });

  it('leaves out rows of a district that has no row of its own', () => {
    const t = tables();
    t.meetings.push(['m9', meeting(9, 99, '2025-05-05')]);
    expect(group(t).map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('a damaged line stops the page that shows it, naming its table', () => {
    const map = byDistrict(tables().topics);
    map.get(3)!.lines[0] = map.get(3)!.lines[0].slice(0, -5);
    const t = tables();
    const pages = groupSnapshots({ districts: byDistrict(t.districts), meetings: byDistrict(t.meetings), topics: map, votings: byDistrict(t.votings) });
    expect(() => pages[2].snapshot()).toThrow('A line of the topics snapshot is not a row. Build again with `astro build --force`.');
    expect(pages[0].snapshot().topics).toHaveLength(2);
  });
});

describe("groupSnapshots: a page's key changes exactly when a row it shows does", () => {
  const keys = (t: Tables) => new Map(group(t).map((p) => [p.id, p.key]));
  const before = keys(tables());

  it.each<[string, (t: Tables) => void, number[]]>([
    ['nothing changed', () => {}, []],
    ['a meeting changed (new digest)', (t) => { t.meetings = withRow(t.meetings, ['m3b', meeting(3, 2, '2025-02-01')]); }, [2]],
    ['a topic added', (t) => { t.topics.push(['t4', topic(4, 3)]); }, [3]],
    ['a voting gone', (t) => { t.votings = t.votings.filter(([digest]) => digest !== 'v2'); }, [1]],
    ['the district row changed', (t) => { t.districts = withRow(t.districts, ['d1b', district(1)]); }, [1]],
    ['a row moved to another district', (t) => { t.topics = withRow(t.topics, ['t2b', topic(2, 3)]); }, [1, 3]],
  ])('%s', (_label, change, changed) => {
    const t = tables();
    change(t);
    const after = keys(t);
    expect([...after].filter(([id, key]) => before.get(id) !== key).map(([id]) => id)).toEqual(changed);
  });

  it('tells a row moved between lists apart (meetings, topics and votings are keyed separately)', () => {
    const a = tables();
    const b = tables();
    a.votings.push(['x', voting(9, 3)]);
    b.topics.push(['x', topic(9, 3)]);
    expect(keys(a).get(3)).not.toBe(keys(b).get(3));
  });
});
