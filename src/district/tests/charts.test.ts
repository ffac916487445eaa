// The pictures' numbers and shapes: how often each topic came up across the school year (meetings per month that
// list it), and the agreement heat map, each cell with its percentage and count written in.
import { describe, expect, it } from 'vitest';
import { agreementMatrix } from '../agreement';
import {
  agreementLevel,
  heatmapLabelWidth,
  heatmapLayout,
  heatmapRowLabel,
  HEATMAP,
  schoolYearLabel,
  schoolYearMonths,
  schoolYearStart,
  topicTrend,
  TREND_CHART,
  trendChartLayout,
} from '../charts';

describe('school years run July to June', () => {
  it.each([
    ['2024-07-01', 2024],
    ['2024-12-31', 2024],
    ['2025-06-30', 2024],
    ['2025-07-01', 2025],
  ])('%s is in the year starting %i', (date, start) => expect(schoolYearStart(date)).toBe(start));

  it.each([
    [2024, '2024–25'],
    [2099, '2099–00'],
  ])('%i is called %s', (start, label) => expect(schoolYearLabel(start)).toBe(label));

  it('has twelve months from July', () => {
    const months = schoolYearMonths(2024);
    expect(months.map((m) => m.key)).toEqual([
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
    ]);
    expect(months.map((m) => m.initial).join('')).toBe('JASONDJFMAMJ');
    expect(months[0]).toEqual({ key: '2024-07', initial: 'J', short: 'Jul', name: 'July 2024' });
    expect(months[11].name).toBe('June 2025');
  });
});

type M = { date: string; topics: string[] | string | null; isUpcoming: boolean | null; meeting_type: string | null };
const m = (date: string, topics: M['topics'], over: Partial<M> = {}): M => ({
  date,
  topics,
  isUpcoming: false,
  meeting_type: 'normal',
  ...over,
});

describe('topicTrend: meetings per month that list each topic', () => {
  const meetings = [
    m('2026-12-08', ['Budget', 'Facilities Bond'], { isUpcoming: true }),
    m('2025-06-17', ['Budget', 'LCAP', 'budget']),
    m('2025-06-03', 'Budget, LCAP'),
    m('2025-05-13', '["LCAP", "Budget"]'),
    m('2024-10-08', ['Facilities Bond', 'Enrollment']),
    m('2024-10-22', 'Special Education Services'),
    m('2024-08-13', ['BUDGET', 'Facilities']),
    m('2024-06-11', ['Budget']),
    m('2025-01-14', null),
  ];

  it('takes the school year of the newest meeting held, leaving upcoming ones out', () => {
    const trend = topicTrend(meetings);
    expect(trend.start).toBe(2024);
    expect(trend.label).toBe('2024–25');
    expect(trend.series.find((s) => s.topic === 'Facilities Bond')?.total).toBe(1);
  });

  it.each([
    // topic, counts July..June
    ['Budget', [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]],
    ['LCAP', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]],
    ['Facilities Bond', [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['Special Education Services', [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]],
  ])('%s', (topic, counts) => {
    const series = topicTrend(meetings).series.find((s) => s.topic === topic)!;
    expect(series.counts).toEqual(counts);
    expect(series.total).toBe(counts.reduce((a, b) => a + b, 0));
  });

  it('orders topics by how often they came up, then by name, and keeps the first spelling', () => {
    expect(topicTrend(meetings).series.map((s) => s.topic)).toEqual([
      'Budget',
      'LCAP',
      'Enrollment',
      'Facilities',
      'Facilities Bond',
      'Special Education Services',
    ]);
  });

  it('shows at most the limit, and says how many topics there were', () => {
    const trend = topicTrend(meetings, { limit: 2 });
    expect(trend.series.map((s) => s.topic)).toEqual(['Budget', 'LCAP']);
    expect(trend.topicCount).toBe(6);
    expect(trend.max).toBe(2);
  });

  it('can show another school year', () => {
    const trend = topicTrend(meetings, { start: 2023 });
    expect(trend.series).toEqual([{ topic: 'Budget', counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], total: 1 }]);
  });

  it('is empty without meetings held', () => {
    expect(topicTrend([m('2026-01-01', ['Budget'], { meeting_type: 'upcoming' })])).toEqual({
      start: null,
      label: '',
      months: [],
      series: [],
      topicCount: 0,
      max: 1,
    });
  });
});

describe('trendChartLayout: one strip per topic, twelve bars on one scale, each with its count', () => {
  const trend = topicTrend([
    m('2025-06-17', ['Budget', 'LCAP']),
    m('2025-06-03', ['Budget']),
    m('2024-09-10', ['LCAP']),
  ]);
  const layout = trendChartLayout(trend);

  it('fits a phone and stacks the strips', () => {
    expect(layout.width).toBe(360);
    expect(layout.height).toBe(2 * TREND_CHART.stripHeight);
    expect(layout.strips.map((s) => s.topic)).toEqual(['Budget', 'LCAP']);
  });

  it('draws bars in proportion to the count, the largest filling the space under its label, zero as a hairline', () => {
    const [budget, lcap] = layout.strips;
    const june = budget.bars[11];
    expect(june.count).toBe(2);
    expect(june.height).toBe(TREND_CHART.barArea - 10);
    expect(lcap.bars[11].height).toBe((TREND_CHART.barArea - 10) / 2);
    expect(budget.bars[0]).toMatchObject({ count: 0, height: 1 });
    for (const strip of layout.strips) {
      for (const bar of strip.bars) {
        expect(bar.y + bar.height).toBe(strip.baselineY);
        expect(bar.x).toBeGreaterThanOrEqual(0);
        expect(bar.x + bar.width).toBeLessThanOrEqual(layout.width);
        expect(bar.labelY).toBeGreaterThan(strip.titleY);
      }
    }
    expect(budget.bars.map((b) => b.initial).join('')).toBe('JASONDJFMAMJ');
  });
});

describe('agreementLevel: darker for more agreement', () => {
  it.each([
    [null, null],
    [0, 0],
    [49, 0],
    [50, 1],
    [75, 2],
    [90, 3],
    [99, 3],
    [100, 4],
  ])('%j → %j', (percent, level) => expect(agreementLevel(percent)).toBe(level));
});

describe('heatmapRowLabel: numbered, the name never cut', () => {
  it.each([
    [1, 'Ann Lee', '1. Ann Lee'],
    [2, 'Maria Okafor-Williamson', '2. Maria Okafor-Williamson'],
    [3, 'James Lindqvist', '3. James Lindqvist'],
  ])('%i %s → %s', (number, name, label) => expect(heatmapRowLabel(number, name)).toBe(label));
});

describe('heatmapLabelWidth: as wide as the longest name needs', () => {
  it.each([
    [['1. Ann Lee'], HEATMAP.minLabelWidth],
    [[], HEATMAP.minLabelWidth],
    [['1. A', '2. Maria Okafor-Williamson'], 26 * HEATMAP.charWidth + 8],
  ])('%j → %i', (labels, width) => expect(heatmapLabelWidth(labels)).toBe(width));

  it('widens the picture rather than cutting a long name', () => {
    const names = ['Alexandra Montgomery-Fitzgerald', 'Bo Li'];
    const layout = heatmapLayout(agreementMatrix([], names));
    expect(layout.rows[0].label).toBe('1. Alexandra Montgomery-Fitzgerald');
    expect(layout.cells[0].x).toBe(heatmapLabelWidth(layout.rows.map((row) => row.label)));
  });
});

describe('heatmapLayout: a square per pair with its percentage and count written in', () => {
  const vote = (votes: string) => ({
    votes: votes.split(',').map((pair) => ({ name: pair.split('=')[0], vote: pair.split('=')[1] })),
  });
  const matrix = agreementMatrix([
    vote('A=Yes,B=Yes,C=No'),
    vote('A=Yes,B=No,C=No'),
    vote('A=Yes,B=Yes'),
    vote('D=Absent'),
  ]);
  const layout = heatmapLayout(matrix);
  const cell = (row: number, col: number) => layout.cells.find((c) => c.row === row && c.col === col)!;

  it('has n × n cells inside a phone-wide picture', () => {
    expect(layout.cells).toHaveLength(16);
    expect(layout.width).toBe(360);
    for (const c of layout.cells) expect(c.x + c.size).toBeLessThanOrEqual(layout.width);
  });

  it.each([
    [0, 1, '67%', 'of 3', 1],
    [1, 0, '67%', 'of 3', 1],
    [0, 2, '0%', 'of 2', 0],
    [1, 2, '50%', 'of 2', 1],
    [0, 3, '–', '', null],
    [0, 0, '', '', null],
  ])('row %i, column %i → %j %j (level %j)', (row, col, text, detail, level) => {
    expect(cell(row, col)).toMatchObject({ text, detail, level, self: row === col });
  });

  it('names rows in full and columns by the same numbers', () => {
    expect(layout.rows.map((r) => r.label)).toEqual(['1. A', '2. B', '3. C', '4. D']);
    expect(layout.columns.map((c) => c.number)).toEqual([1, 2, 3, 4]);
  });

  it('keeps cells readable for a large board', () => {
    const names = Array.from({ length: 15 }, (_, i) => `M${i}`);
    const big = heatmapLayout(agreementMatrix([], names));
    expect(big.size).toBe(HEATMAP.minCell);
    expect(big.width).toBe(HEATMAP.minLabelWidth + 15 * HEATMAP.minCell);
  });

  it('is empty for a district without votes', () =>
    expect(heatmapLayout(agreementMatrix([]))).toMatchObject({ cells: [], rows: [], columns: [] }));
});
