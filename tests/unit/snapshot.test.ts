// Grouping the snapshot's tables into district pages, and each page's cache key (the page is rendered again only
// when its key changes).
import { describe, expect, it } from 'vitest';
import { groupSnapshots } from '../../src/lib/snapshot';

const district = (id: number) => ({ id, name: `District ${id}` });
const meeting = (id: number, districtId: number, date: string) => ({ id, districtId, date, summaryHtml: null });
const topic = (id: number, districtId: number) => ({ id, districtId, title: `Topic ${id}`, descriptionHtml: null });
const voting = (id: number, districtId: number) => ({ id, districtId, votes: [] });
const kept = <T>(rows: [string, T][]) => new Map(rows);

const tables = () => ({
  districts: kept([['d2', district(2)], ['d1', district(1)], ['d3', district(3)]]),
  meetings: kept([['m1', meeting(1, 1, '2025-01-10')], ['m2', meeting(2, 1, '2025-03-01')], ['m3', meeting(3, 2, '2025-02-01')], ['m4', meeting(4, 1, '2025-03-01')]]),
  topics: kept([['t1', topic(1, 1)], ['t2', topic(2, 1)], ['t3', topic(3, 3)]]),
  votings: kept([['v1', voting(1, 2)], ['v2', voting(2, 1)], ['v3', voting(3, 2)]]),
});

type Tables = ReturnType<typeof tables>;
const group = (t: Tables) => groupSnapshots(t as never);

describe('groupSnapshots: one snapshot per district, by id', () => {
  it('orders districts by id; meetings by date (newest first, ties as read), topics by id (newest first), votings as read', () => {
    const pages = group(tables());
    expect(pages.map((p) => p.snapshot.district.id)).toEqual([1, 2, 3]);
    const [one, two, three] = pages.map((p) => p.snapshot);
    expect(one.meetings.map((m) => m.id)).toEqual([2, 4, 1]);
    expect(one.topics.map((t) => t.id)).toEqual([2, 1]);
    expect(one.votings.map((v) => v.id)).toEqual([2]);
    expect(two.meetings.map((m) => m.id)).toEqual([3]);
    expect(two.votings.map((v) => v.id)).toEqual([1, 3]);
    expect(three).toEqual({ district: district(3), meetings: [], topics: [topic(3, 3)], votings: [] });
  });
});

describe("groupSnapshots: a page's key changes exactly when a row it shows does", () => {
  const keys = (t: Tables) => new Map(group(t).map((p) => [p.snapshot.district.id, p.key]));
  const before = keys(tables());

  it.each<[string, (t: Tables) => void, number[]]>([
    ['nothing changed', () => {}, []],
    ['a meeting changed (new digest)', (t) => { t.meetings.delete('m3'); t.meetings.set('m3b', meeting(3, 2, '2025-02-01')); }, [2]],
    ['a topic added', (t) => t.topics.set('t4', topic(4, 3)), [3]],
    ['a voting gone', (t) => t.votings.delete('v2'), [1]],
    ['the district row changed', (t) => { t.districts.delete('d1'); t.districts.set('d1b', district(1)); }, [1]],
    ['a row moved to another district', (t) => { t.topics.delete('t2'); t.topics.set('t2b', topic(2, 3)); }, [1, 3]],
  ])('%s', (_label, change, changed) => {
    const t = tables();
    change(t);
    const after = keys(t);
    expect([...after].filter(([id, key]) => before.get(id) !== key).map(([id]) => id)).toEqual(changed);
  });

  it('tells a row moved between lists apart (meetings, topics and votings are keyed separately)', () => {
    const a = tables();
    const b = tables();
    a.votings.set('x', voting(9, 3));
    b.topics.set('x', topic(9, 3));
    expect(keys(a).get(3)).not.toBe(keys(b).get(3));
  });
});
