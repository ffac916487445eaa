// Reading an import's Open Civic Data JSON: the site's own exports (/{id}/meetings.json, /{id}/votes.json) and a
// scraper's, each document through a zod schema, then the same cell rules as the CSV files. Nothing here writes.
import * as z from 'zod';
import {
  FORMULA_MESSAGE,
  SUMMARY_SOURCES,
  isTimeZone,
  looksLikeFormula,
  memberName,
  meetingKey,
  outcomeMismatch,
  parseDate,
  parseHttpsLink,
  parseVideoLink,
  voteTable,
  votingKey,
  type CellResult,
} from '../importChecks.ts';
import { checkRich, meetingRules, problemsOf, type FileRead, type ImportFile, type Report } from './importRows.ts';

/** How deeply an Open Civic Data document may nest: the deepest the site writes is 5 levels. */
export const MAX_JSON_DEPTH = 32;

/** How deeply a parsed JSON value nests (a value with no object or array inside is 0). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const link = z.object({ url: z.string(), media_type: z.string().optional() }).loose();
const linked = z
  .object({
    note: z.string().optional().default(''),
    links: z.array(link).optional().default([]),
    url: z.string().optional(),
  })
  .loose();
const nullableText = z.string().nullable().optional();

/** An Open Civic Data Event: a meeting. extras carries what OCD has no field for (the site's own columns). */
export const ocdEventSchema = z
  .object({
    name: z.string(),
    start_date: z.string(),
    all_day: z.boolean().optional(),
    timezone: z.string().nullable().optional(),
    classification: z.string().optional(),
    status: z.string().optional(),
    description: nullableText,
    media: z.array(linked).optional().default([]),
    documents: z.array(linked).optional().default([]),
    agenda: z
      .array(z.object({ description: z.string() }).loose())
      .optional()
      .default([]),
    extras: z
      .object({
        record_id: z.number().int().positive().optional(),
        district_id: z.number().int().positive().optional(),
        title: nullableText,
        topics: z
          .union([z.array(z.string()), z.string()])
          .nullable()
          .optional(),
        meeting_type: z.string().optional(),
        isUpcoming: z.boolean().optional(),
        youtube_link: nullableText,
        summary_source: z.enum(SUMMARY_SOURCES).nullable().optional(),
      })
      .loose()
      .optional()
      .default({}),
  })
  .loose();

/** An Open Civic Data VoteEvent, as the site's votes.json writes it (a scraper's too: extras are optional). */
export const ocdVoteEventSchema = z
  .object({
    identifier: z.string().optional(),
    motion_text: z.string(),
    start_date: z.string().nullable(),
    votes: z
      .array(z.object({ option: z.string(), voter_name: z.string(), note: z.string().optional() }).loose())
      .optional()
      .default([]),
    extras: z
      .object({
        record_id: z.number().int().positive().optional(),
        district_id: z.number().int().positive().optional(),
        table: z.enum(['recent', 'past']).optional(),
        category: nullableText,
        outcome: nullableText,
      })
      .loose()
      .optional()
      .default({}),
  })
  .loose();

/** The vote an OCD option stands for, when its note does not keep the words the record had. */
const OPTION_VOTE: Record<string, string> = {
  yes: 'Yes',
  no: 'No',
  abstain: 'Abstain',
  absent: 'Absent',
  excused: 'Excused',
  'not voting': '-',
  other: 'Other',
};

/** An Event's start: its date, and its time when it has one ('2025-06-17T18:00:00-07:00'). */
function eventStart(value: string): { date: CellResult<string>; time: string | null } {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    value.trim(),
  );
  if (!match) return { date: { ok: false, message: 'is not a date (YYYY-MM-DD, or a date and time).' }, time: null };
  return { date: parseDate(match[1]), time: match[2] ?? null };
}

export function readOcd(file: ImportFile, text: string, read: FileRead): void {
  const { list, error, warning } = problemsOf(file);
  read.problems = list;
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (failure) {
    const message =
      failure instanceof RangeError ? 'is nested too deeply to read' : `is not JSON (${(failure as Error).message})`;
    error(null, null, null, `${message}. Export it again, or check it with a JSON validator.`);
    return;
  }
  const depth = jsonDepth(value);
  if (depth > MAX_JSON_DEPTH) {
    error(
      null,
      null,
      null,
      `nests more than ${MAX_JSON_DEPTH} levels deep (an Open Civic Data document nests at most 5). It is not a meeting or vote export; check what wrote it.`,
    );
    return;
  }
  const documents = Array.isArray(value) ? value : [value];
  documents.forEach((doc, at) => {
    const number = at + 1;
    const isVote = typeof doc === 'object' && doc !== null && 'motion_text' in doc;
    const parsed = (isVote ? ocdVoteEventSchema : ocdEventSchema).safeParse(doc);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      error(
        number,
        issue.path.join('.') || null,
        null,
        `is not an Open Civic Data ${isVote ? 'VoteEvent' : 'Event'}: ${issue.path.join('.') || 'the document'} ${issue.message.toLowerCase()}. Export it again from the site or the scraper.`,
      );
      read.refused += 1;
      return;
    }
    const extras = parsed.data.extras as { district_id?: number; record_id?: number };
    const districtId = extras.district_id ?? file.folderDistrict;
    if (extras.district_id && file.folderDistrict !== null && extras.district_id !== file.folderDistrict) {
      error(
        number,
        'extras.district_id',
        String(extras.district_id),
        `names district ${extras.district_id} but the file is in the folder of district ${file.folderDistrict}. Move the file or correct the id.`,
      );
      read.refused += 1;
      return;
    }
    if (!districtId) {
      error(
        number,
        'extras.district_id',
        null,
        'is missing and the file is not in a folder named by a district id. Put the file in a folder such as 1/ for district 1.',
      );
      read.refused += 1;
      return;
    }
    if (isVote) readVoteEvent(file, number, parsed.data as z.infer<typeof ocdVoteEventSchema>, districtId, read, error);
    else readEvent(file, number, parsed.data as z.infer<typeof ocdEventSchema>, districtId, read, error, warning);
  });
}

function readEvent(
  file: ImportFile,
  number: number,
  event: z.infer<typeof ocdEventSchema>,
  districtId: number | null,
  read: FileRead,
  error: Report,
  warning: Report,
): void {
  const before = read.problems.filter((p) => p.severity === 'error').length;
  const { date, time } = eventStart(event.start_date);
  if (!date.ok) error(number, 'start_date', event.start_date, date.message);
  const extras = event.extras;
  const data: Record<string, unknown> = {};
  if (extras.record_id) data.id = extras.record_id;
  data.date = date.ok ? date.value : null;
  data.title = 'title' in extras ? (extras.title ?? null) : event.name.trim() || null;
  data.topics =
    'topics' in extras
      ? (extras.topics ?? null)
      : event.agenda.length
        ? event.agenda.map((item) => item.description)
        : null;
  const summary = event.description?.trim() ? event.description.trim() : null;
  if (checkRich(number, 'description', summary, error, warning)) data.summary = summary;
  data.meeting_type = extras.meeting_type ?? 'normal';
  data.isUpcoming = extras.isUpcoming ?? event.status === 'confirmed';
  const links = event.media.flatMap((item) => [
    ...(item.url ? [{ note: item.note, url: item.url }] : []),
    ...item.links.map((l) => ({ note: item.note, url: l.url })),
  ]);
  const video =
    'youtube_link' in extras
      ? (extras.youtube_link ?? null)
      : (links.find((l) => parseVideoLink(l.url).ok)?.url ?? null);
  const playable = video ? parseVideoLink(video) : null;
  if (playable && !playable.ok) error(number, 'extras.youtube_link', video, playable.message);
  data.youtube_link = video;
  const full = links.find((l) => /full/i.test(l.note)) ?? links.find((l) => l.url !== video);
  data.full_video_url = full ? checkedLink(number, 'media', full.url, error) : null;
  const documents = event.documents.flatMap((item) => [
    ...(item.url ? [{ note: item.note, url: item.url }] : []),
    ...item.links.map((l) => ({ note: item.note, url: l.url })),
  ]);
  const agenda = documents.find((d) => /agenda/i.test(d.note));
  const minutes = documents.find((d) => /minutes/i.test(d.note));
  data.agenda_url = agenda ? checkedLink(number, 'documents', agenda.url, error) : null;
  data.minutes_url = minutes ? checkedLink(number, 'documents', minutes.url, error) : null;
  data.minutes_status = minutes
    ? /draft/i.test(minutes.note)
      ? 'draft'
      : /approved/i.test(minutes.note)
        ? 'approved'
        : null
    : null;
  data.summary_source = extras.summary_source ?? null;
  if (time && !event.all_day) {
    if (!event.timezone || !isTimeZone(event.timezone))
      error(
        number,
        'timezone',
        event.timezone ?? '',
        'is missing or unknown but the start has a time. Give the IANA time zone, such as America/Los_Angeles.',
      );
    data.start_time = time;
    data.time_zone = event.timezone ?? null;
  } else {
    data.start_time = null;
    data.time_zone = null;
  }
  meetingRules(number, data, error, warning);
  if (read.problems.filter((p) => p.severity === 'error').length > before || districtId === null || !date.ok) {
    read.refused += 1;
    return;
  }
  data.districtId = districtId;
  read.rows.push({
    kind: 'meetings',
    file: file.name,
    row: number,
    rows: [number],
    districtId,
    key: meetingKey(districtId, date.value, data.title as string | null),
    data,
  });
}

function checkedLink(number: number, column: string, url: string, error: Report): string | null {
  const result = parseHttpsLink(url);
  if (result.ok) return result.value;
  error(number, column, url, result.message);
  return null;
}

function readVoteEvent(
  file: ImportFile,
  number: number,
  event: z.infer<typeof ocdVoteEventSchema>,
  districtId: number | null,
  read: FileRead,
  error: Report,
): void {
  const before = read.problems.filter((p) => p.severity === 'error').length;
  const date = event.start_date ? parseDate(event.start_date.slice(0, 10)) : null;
  if (!date?.ok)
    error(number, 'start_date', event.start_date ?? '', date ? date.message : 'is empty. Every vote needs its date.');
  const issue = event.motion_text.trim();
  if (!issue) error(number, 'motion_text', '', 'is empty. Every vote needs its issue.');
  const members: { name: string; row: number }[] = [];
  const votes: { name: string; vote: string }[] = [];
  for (const item of event.votes) {
    const name = memberName(item.voter_name);
    if (!name) continue;
    if (members.some((m) => m.name === name)) {
      error(number, 'votes', name, 'votes twice in this record. Keep one vote per member.');
      continue;
    }
    members.push({ name, row: number });
    votes.push({ name, vote: item.note ?? OPTION_VOTE[item.option.toLowerCase()] ?? item.option });
  }
  for (const item of event.votes)
    if (looksLikeFormula(item.voter_name)) error(number, 'votes', item.voter_name, FORMULA_MESSAGE);
  const outcome = 'outcome' in event.extras ? (event.extras.outcome ?? null) : null;
  const mismatch = outcomeMismatch(outcome, votes);
  if (mismatch) error(number, 'extras.outcome', outcome, mismatch);
  if (
    read.problems.filter((p) => p.severity === 'error').length > before ||
    districtId === null ||
    !date?.ok ||
    !issue
  ) {
    read.refused += 1;
    return;
  }
  const data: Record<string, unknown> = {
    districtId,
    voteDate: date.value,
    issue,
    votes,
    type: event.extras.table ?? voteTable(date.value, date.value),
  };
  if ('category' in event.extras) data.category = event.extras.category ?? null;
  if ('outcome' in event.extras) data.outcome = outcome;
  if (event.extras.record_id) data.id = event.extras.record_id;
  read.rows.push({
    kind: 'votings',
    file: file.name,
    row: number,
    rows: [number],
    districtId,
    key: votingKey(districtId, date.value, issue),
    data,
    members,
  });
}
