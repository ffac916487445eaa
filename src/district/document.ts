// The district_pages view: everything a district page shows as one document per district (the district, its meetings,
// topics and votes, already in the page's order), with its digest. The build reads it (src/district/build/loader.ts)
// and so does the live page of a district added after the build, in one request.
import type { Db } from '../lib/data/client';
import { checkDistrict, type District } from '../lib/data/districts';
import { checkMeeting, type Meeting } from '../lib/data/meetings';
import { checkTopic, type Topic } from '../lib/data/topics';
import { checkVoting, type Voting } from '../lib/data/votings';
import type { Checked } from '../lib/data/validate';
import { QueryError } from '../lib/data/queryError';
import type { SafeHtml } from '../lib/sanitize';
import { summaryJob } from './meetingCards';
import type { RichTextJob } from './richText';
import { descriptionJob } from './topicItems';

export const TABLE = 'district_pages';

/** A district page's rows as the database holds them. */
export interface DistrictPage {
  district: District;
  meetings: Meeting[];
  topics: Topic[];
  votings: Voting[];
}

/**
 * A district page ready to render: its rich text sanitised (time stamps made buttons). A meeting keeps its summary as
 * recorded too, for the open data (meetings.json), which must load back as it was; pages render summaryHtml only.
 */
export interface BuiltDistrictPage {
  district: District;
  meetings: (Meeting & { summaryHtml: SafeHtml | null })[];
  topics: (Omit<Topic, 'description'> & { descriptionHtml: SafeHtml | null })[];
  votings: Voting[];
}

/** A list of the page that could not be read at all (not a list): the page shows it as that tab's load error. */
export type BrokenSection = 'meetings' | 'topics' | 'votings';

/** A checked page: what can be shown, each bad row reported by table and id, and the lists that could not be read. */
export interface CheckedPage {
  page: DistrictPage | null;
  problems: string[];
  broken: BrokenSection[];
}

/** One list of the document, each row checked; a bad row is reported by table and id and left out when unusable. */
function checkRows<T>(
  table: BrokenSection,
  raw: unknown,
  check: (row: unknown) => Checked<T>,
  problems: string[],
  broken: BrokenSection[],
): T[] {
  if (!Array.isArray(raw)) {
    broken.push(table);
    problems.push(`${table} of the page: not a list; shown as a load error`);
    return [];
  }
  return raw.flatMap((row: unknown) => {
    const checked = check(row);
    const id = (row as { id?: unknown } | null)?.id ?? '?';
    if (checked.problems.length)
      problems.push(`${table} row id=${id}: ${checked.problems.join('; ')}${checked.row ? '' : ' (left out)'}`);
    return checked.row ? [checked.row] : [];
  });
}

/** Checks a page document row by row; without a usable district there is no page. */
export function checkDistrictPage(raw: unknown): CheckedPage {
  const doc = (raw ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  const broken: BrokenSection[] = [];
  const district = checkDistrict(doc.district);
  if (!district.row)
    return {
      page: null,
      problems: [
        `districts row id=${(doc.district as { id?: unknown } | null)?.id ?? '?'}: ${district.problems.join('; ')} (left out)`,
      ],
      broken,
    };
  const page = {
    district: district.row,
    meetings: checkRows('meetings', doc.meetings, checkMeeting, problems, broken),
    topics: checkRows('topics', doc.topics, checkTopic, problems, broken),
    votings: checkRows('votings', doc.votings, checkVoting, problems, broken),
  };
  return { page, problems, broken };
}

/** The rich text of a page to sanitise, in order: every meeting's summary, then every topic's description. */
export function richTextJobs(page: DistrictPage): RichTextJob[] {
  return [...page.meetings.map(summaryJob), ...page.topics.map(descriptionJob)];
}

/**
 * The page's rich text to sanitise, as richTextJobs gives it, with each piece that `outOfBounds` refuses (the
 * sanitiser's bounds: too long, or nested too deep to parse in good time) left out and reported by table and id.
 */
export function boundedRichTextJobs(
  page: DistrictPage,
  outOfBounds: (html: string) => string | null,
): { jobs: RichTextJob[]; problems: string[] } {
  const sources = [
    ...page.meetings.map(({ id }) => ({ table: 'meetings', id, column: 'summary' })),
    ...page.topics.map(({ id }) => ({ table: 'topics', id, column: 'description' })),
  ];
  const problems: string[] = [];
  const jobs = richTextJobs(page).map((job, at) => {
    const problem = job && outOfBounds(job.html);
    if (!problem) return job;
    const { table, id, column } = sources[at];
    problems.push(`${table} row id=${id}: ${column}: ${problem}; shown without a ${column}`);
    return null;
  });
  return { jobs, problems };
}

/** The page with its rich text replaced by the sanitised HTML of richTextJobs(page), given in the same order. */
export function withRichText(page: DistrictPage, html: (SafeHtml | null)[]): BuiltDistrictPage {
  const meetings = page.meetings.map((meeting, at) => ({ ...meeting, summaryHtml: html[at] ?? null }));
  const topics = page.topics.map(({ description: _description, ...topic }, at) => ({
    ...topic,
    descriptionHtml: html[page.meetings.length + at] ?? null,
  }));
  return { district: page.district, meetings, topics, votings: page.votings };
}

/** One district's page, live, in one request; a district that does not exist fails as a single-row read does. */
export async function fetchDistrictPage(db: Db, id: number): Promise<CheckedPage & { page: DistrictPage }> {
  const { data, error } = await db.from(TABLE).select('page').eq('id', id).single();
  if (error) throw new QueryError(TABLE, error.message);
  const { page, problems, broken } = checkDistrictPage((data as { page: unknown }).page);
  if (!page) throw new QueryError(TABLE, problems.join('; '));
  return { page, problems, broken };
}
