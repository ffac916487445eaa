// Pictures made at build as static SVG: the numbers and the shapes of the topic trend chart and the agreement heat map.
// Every picture shows its numbers as text and sits beside a real table of the same numbers, so colour and shape
// never carry meaning alone.
import type { Meeting } from '../lib/data/meetings';
import { isUpcomingMeeting } from './meetingCards';
import { meetingTopicList } from '../lib/record/meetingTitles';
import type { AgreementMatrix } from './agreement';

/** A school year runs from July to June. */
export const SCHOOL_YEAR_FIRST_MONTH = 7;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The start year of the school year a YYYY-MM-DD date falls in: 2025-03-04 → 2024. */
export function schoolYearStart(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= SCHOOL_YEAR_FIRST_MONTH ? year : year - 1;
}

/** A school year's name: 2024 → '2024–25'. */
export function schoolYearLabel(start: number): string {
  return `${start}–${String((start + 1) % 100).padStart(2, '0')}`;
}

export interface TrendMonth {
  /** YYYY-MM. */
  key: string;
  /** The month's initial, under the bars ('J'). */
  initial: string;
  /** Short name for the table's headers ('Jul'). */
  short: string;
  /** Full name with the year ('July 2024'). */
  name: string;
}

/** The twelve months of a school year, July to June. */
export function schoolYearMonths(start: number): TrendMonth[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((SCHOOL_YEAR_FIRST_MONTH - 1 + i) % 12) + 1;
    const year = month >= SCHOOL_YEAR_FIRST_MONTH ? start : start + 1;
    const name = MONTH_NAMES[month - 1];
    return {
      key: `${year}-${String(month).padStart(2, '0')}`,
      initial: name[0],
      short: name.slice(0, 3),
      name: `${name} ${year}`,
    };
  });
}

export interface TopicSeries {
  /** The topic as the first meeting of the year wrote it. */
  topic: string;
  /** Meetings per month that list it, July to June. */
  counts: number[];
  total: number;
}

export interface TopicTrend {
  /** The school year's start year, or null when no past meeting lists a topic. */
  start: number | null;
  label: string;
  months: TrendMonth[];
  /** Most often listed first (ties by name); at most `limit`. */
  series: TopicSeries[];
  /** How many topics the year had in all, including those past the limit. */
  topicCount: number;
  /** The largest monthly count, the bars' common scale (at least 1). */
  max: number;
}

/** How many topics the chart shows: beyond this the strips stop being readable on a phone. */
export const TREND_TOPIC_LIMIT = 8;

/**
 * How often each topic came up in a school year: for each topic the meetings list (compared without case, the
 * first spelling kept), the meetings per month that list it. Upcoming meetings have not happened and are left out.
 * The year defaults to that of the newest past meeting. One pass over the meetings.
 */
export function topicTrend(
  meetings: Pick<Meeting, 'date' | 'topics' | 'isUpcoming' | 'meeting_type'>[],
  options: { start?: number; limit?: number } = {},
): TopicTrend {
  const held = meetings.filter((meeting) => !isUpcomingMeeting(meeting));
  let start = options.start ?? null;
  if (start === null) {
    for (const meeting of held) {
      const year = schoolYearStart(meeting.date);
      if (start === null || year > start) start = year;
    }
  }
  const months = start === null ? [] : schoolYearMonths(start);
  const monthIndex = new Map(months.map((month, i) => [month.key, i]));
  const byTopic = new Map<string, TopicSeries>();
  for (const meeting of held) {
    const index = monthIndex.get(meeting.date.slice(0, 7));
    if (index === undefined) continue;
    // A meeting listing a topic twice counts once.
    const seen = new Set<string>();
    for (const topic of meetingTopicList(meeting.topics)) {
      const key = topic.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(key)) continue;
      seen.add(key);
      let series = byTopic.get(key);
      if (!series) byTopic.set(key, (series = { topic, counts: new Array<number>(12).fill(0), total: 0 }));
      series.counts[index] += 1;
      series.total += 1;
    }
  }
  const all = [...byTopic.values()].sort((a, b) => b.total - a.total || a.topic.localeCompare(b.topic, 'en'));
  const series = all.slice(0, options.limit ?? TREND_TOPIC_LIMIT);
  let max = 1;
  for (const s of series) for (const count of s.counts) if (count > max) max = count;
  return { start, label: start === null ? '' : schoolYearLabel(start), months, series, topicCount: all.length, max };
}

// Drawing units to one decimal: finer digits change nothing on screen and weigh on every page.
const tenth = (value: number) => Math.round(value * 10) / 10;

/** The topic trend chart's drawing units (the SVG scales to its box; 360 wide fits a 375 px phone). */
export const TREND_CHART = {
  width: 360,
  stripHeight: 78,
  titleHeight: 18,
  barArea: 36,
  labelHeight: 12,
  barWidth: 18,
  left: 4,
} as const;

export interface TrendBar {
  x: number;
  y: number;
  width: number;
  height: number;
  count: number;
  /** Where the count is written above the bar (nothing is written for 0, whose bar is a hairline). */
  labelY: number;
  initial: string;
  initialY: number;
}

export interface TrendStrip {
  topic: string;
  total: number;
  titleY: number;
  baselineY: number;
  bars: TrendBar[];
}

/** The shapes of the trend chart: one strip per topic (its name, then twelve bars on one scale, each with its count and month). */
export function trendChartLayout(trend: TopicTrend): { width: number; height: number; strips: TrendStrip[] } {
  const { width, stripHeight, titleHeight, barArea, labelHeight, barWidth, left } = TREND_CHART;
  const step = (width - left * 2) / 12;
  const strips = trend.series.map((series, s) => {
    const top = s * stripHeight;
    const baselineY = top + titleHeight + barArea;
    const bars = series.counts.map((count, i) => {
      // The top 10 units of the bar area hold the count's text.
      const height = count === 0 ? 1 : Math.max(2, Math.round(((barArea - 10) * count) / trend.max));
      return {
        x: tenth(left + i * step + (step - barWidth) / 2),
        y: baselineY - height,
        width: barWidth,
        height,
        count,
        labelY: baselineY - height - 3,
        initial: trend.months[i]?.initial ?? '',
        initialY: baselineY + labelHeight,
      };
    });
    return { topic: series.topic, total: series.total, titleY: top + 13, baselineY, bars };
  });
  return { width, height: Math.max(1, strips.length * stripHeight), strips };
}

/** How dark a heat-map cell is, 0 (never agreed) to 4 (always); null for no shared votes and for a member's own cell. */
export function agreementLevel(percent: number | null): 0 | 1 | 2 | 3 | 4 | null {
  if (percent === null) return null;
  if (percent >= 100) return 4;
  if (percent >= 90) return 3;
  if (percent >= 75) return 2;
  if (percent >= 50) return 1;
  return 0;
}

/**
 * The heat map's drawing units: rows are named in full, columns by number (row 1 is column 1), so no text is turned.
 * The row names' column is as wide as the longest name needs, at `charWidth` units a character of the 11-unit type.
 */
export const HEATMAP = {
  width: 360,
  minLabelWidth: 120,
  charWidth: 7,
  headerHeight: 22,
  maxCell: 48,
  minCell: 22,
} as const;

/** A row's name beside the map: its number and the member's whole name ('1. Ann Lee'), never cut. */
export function heatmapRowLabel(number: number, name: string): string {
  return `${number}. ${name}`;
}

/** How wide the row names' column is: enough for the longest label, and never narrower than the minimum. */
export function heatmapLabelWidth(labels: readonly string[]): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return Math.max(HEATMAP.minLabelWidth, Math.ceil(longest * HEATMAP.charWidth) + 8);
}

export interface HeatmapCell {
  row: number;
  col: number;
  x: number;
  y: number;
  size: number;
  /** 'NN%', '–' for no shared votes, '' for a member's own cell. */
  text: string;
  /** 'of N' under the percentage; '' when there is none. */
  detail: string;
  level: 0 | 1 | 2 | 3 | 4 | null;
  self: boolean;
}

export interface HeatmapLayout {
  width: number;
  height: number;
  size: number;
  rows: { label: string; name: string; number: number; y: number }[];
  columns: { number: number; x: number }[];
  cells: HeatmapCell[];
}

/** How a heat-map square writes its numbers: the percentage ('80%') and the count under it ('of 5'). */
export interface HeatmapWords {
  percent: (percent: number) => string;
  of: (count: number) => string;
}

const ENGLISH_HEATMAP: HeatmapWords = { percent: (percent) => `${percent}%`, of: (count) => `of ${count}` };

/**
 * The shapes of the agreement heat map: one square per pair, darker for more agreement, each with its percentage and
 * count written in (in English unless the page's language gives its words).
 */
export function heatmapLayout(matrix: AgreementMatrix, words: HeatmapWords = ENGLISH_HEATMAP): HeatmapLayout {
  const { width, headerHeight, maxCell, minCell } = HEATMAP;
  const n = matrix.members.length;
  const labels = matrix.members.map((name, i) => heatmapRowLabel(i + 1, name));
  const labelWidth = heatmapLabelWidth(labels);
  const size = n === 0 ? maxCell : Math.max(minCell, Math.min(maxCell, Math.floor((width - labelWidth) / n)));
  const cells: HeatmapCell[] = [];
  matrix.cells.forEach((row, i) =>
    row.forEach((cell, j) => {
      const self = i === j;
      cells.push({
        row: i,
        col: j,
        x: labelWidth + j * size,
        y: headerHeight + i * size,
        size,
        text: self ? '' : cell.percent === null ? '–' : words.percent(cell.percent),
        detail: self || cell.percent === null ? '' : words.of(cell.shared),
        level: self ? null : agreementLevel(cell.percent),
        self,
      });
    }),
  );
  return {
    width: Math.max(width, labelWidth + n * size),
    height: headerHeight + n * size,
    size,
    rows: matrix.members.map((name, i) => ({
      label: labels[i],
      name,
      number: i + 1,
      y: headerHeight + i * size + size / 2,
    })),
    columns: matrix.members.map((_, j) => ({ number: j + 1, x: labelWidth + j * size + size / 2 })),
    cells,
  };
}
