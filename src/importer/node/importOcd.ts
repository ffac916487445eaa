// Reading an import's Open Civic Data JSON: the site's own exports (/{id}/meetings.json, /{id}/votes.json), a pupa /
// Open States scrape folder as it comes (event_*.json, vote_event_*.json beside person_, organization_,
// jurisdiction_ and bill_ files) and Open States API v3 votes, each document through a zod schema, then the same cell
// rules as the CSV files. Nothing here writes.
import * as z from 'zod';
import {
  FORMULA_MESSAGE,
  SUMMARY_SOURCES,
  isTimeZone,
  looksLikeFormula,
  memberName,
  meetingKey,
  ocdStart,
  outcomeMismatch,
  parseWebLink,
  HTTP_LINK_WARNING,
  isHttpLink,
  parseVideoLink,
  voteTable,
  votingKey,
  type CellResult,
} from '../importChecks.ts';
import { outcomeFromOcd, resultWord, voteFromOcd } from '../../lib/record/ocdVotes.ts';
import { stateTimeZone } from '../../lib/stateTimeZones.ts';
import {
  checkRich,
  meetingRules,
  problemsOf,
  readContext,
  type FileRead,
  type ImportFile,
  type Report,
} from './importRows.ts';

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
    start_date: z.string().optional(),
    /** The older OCD name of start_date. */
    start_time: z.string().optional(),
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

/**
 * An Open Civic Data VoteEvent: as the site's votes.json writes it, as pupa writes it (result, counts, a bill by its
 * id), and as Open States' API v3 serves it (result 'passed', each vote's voter as an object). extras are optional.
 */
export const ocdVoteEventSchema = z
  .object({
    identifier: z.string().nullable().optional(),
    motion_text: z.string(),
    start_date: z.string().nullable(),
    result: z.string().nullable().optional(),
    bill: z.string().nullable().optional(),
    counts: z
      .array(z.object({ option: z.string(), value: z.number().int().nonnegative() }).loose())
      .optional()
      .default([]),
    votes: z
      .array(
        z
          .object({
            option: z.string(),
            voter_name: z.string().nullable().optional(),
            voter_id: z.string().nullable().optional(),
            note: z.string().nullable().optional(),
          })
          .loose(),
      )
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

/** What an object of a scrape is, by its _type, else its file name's prefix (vote_event_….json), else its fields. */
export function ocdType(doc: unknown, fileName: string): string {
  const object = (typeof doc === 'object' && doc !== null ? doc : {}) as Record<string, unknown>;
  if (typeof object._type === 'string' && object._type.trim()) {
    const type = object._type.trim().toLowerCase();
    return type === 'vote' ? 'vote_event' : type;
  }
  const prefix = /^(vote_event|event|person|organization|jurisdiction|bill|membership|post|vote)_/i.exec(
    fileName.split('/').pop() ?? '',
  );
  if (prefix) return prefix[1].toLowerCase() === 'vote' ? 'vote_event' : prefix[1].toLowerCase();
  if ('motion_text' in object) return 'vote_event';
  if ('identifier' in object && Array.isArray(object.votes) && !('start_date' in object)) return 'bill';
  return 'event';
}

/** The bill a pupa vote names: its identifier, from a bill_ file of the folder (by _id) or its pseudo id ('~{…}'). */
function billIdentifier(bill: string | null | undefined): string | null {
  if (!bill) return null;
  if (bill.startsWith('~')) {
    try {
      const pseudo = JSON.parse(bill.slice(1)) as { identifier?: unknown };
      return typeof pseudo.identifier === 'string' && pseudo.identifier.trim() ? pseudo.identifier.trim() : null;
    } catch {
      return null;
    }
  }
  return readContext.bills.get(bill) ?? null;
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
  // Open States' API v3 answers a page: its objects are under results.
  const page = value as { results?: unknown };
  const documents = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null && !('_type' in value) && Array.isArray(page.results)
      ? page.results
      : [value];
  const setAside: Record<string, number> = {};
  let startTimeTold = false;
  documents.forEach((doc, at) => {
    const number = at + 1;
    const type = ocdType(doc, file.name);
    const object = (typeof doc === 'object' && doc !== null ? doc : {}) as Record<string, unknown>;
    const id = typeof object._id === 'string' ? object._id : typeof object.id === 'string' ? object.id : null;
    if (type === 'bill' && id && typeof object.identifier === 'string')
      readContext.bills.set(id, object.identifier.trim());
    if (type === 'person' && id && typeof object.name === 'string') readContext.people.set(id, object.name.trim());
    // A bill as Open States' API v3 serves it (include=votes) carries its votes: each is read as a VoteEvent.
    if (type === 'bill' && Array.isArray(object.votes) && object.votes.some((v) => v && typeof v === 'object')) {
      const identifier = typeof object.identifier === 'string' ? object.identifier.trim() : null;
      for (const vote of object.votes as unknown[]) readDocument(vote, number, 'vote_event', identifier);
      return;
    }
    if (type !== 'event' && type !== 'vote_event') {
      setAside[type] = (setAside[type] ?? 0) + 1;
      return;
    }
    readDocument(doc, number, type, null);
  });
  if (Object.keys(setAside).length) read.setAside = setAside;

  function readDocument(doc: unknown, number: number, type: string, bill: string | null): void {
    const isVote = type === 'vote_event';
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
    if (isVote) {
      const vote = parsed.data as z.infer<typeof ocdVoteEventSchema>;
      readVoteEvent(file, number, vote, bill ?? billIdentifier(vote.bill), districtId, read, error, warning);
      return;
    }
    const event = parsed.data as z.infer<typeof ocdEventSchema>;
    if (event.start_date === undefined && event.start_time !== undefined && !startTimeTold) {
      startTimeTold = true;
      warning(
        number,
        'start_time',
        event.start_time,
        'is the older Open Civic Data name of start_date; it is read as start_date (here and in every event of this file).',
      );
    }
    readEvent(file, number, event, districtId, read, error, warning);
  }
}

/** The time zone a district's times are in when an event gives none: districts.csv, --time-zone, else its state's. */
function districtZone(districtId: number): string | null {
  const state = readContext.districtStates.get(districtId);
  return readContext.districtZones.get(districtId) ?? readContext.timeZone ?? stateTimeZone(state);
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
  const startField = event.start_date !== undefined ? 'start_date' : 'start_time';
  const startText = event.start_date ?? event.start_time;
  const givenZone = event.timezone?.trim() || null;
  if (givenZone && !isTimeZone(givenZone))
    error(number, 'timezone', givenZone, 'is not a time zone. Give its IANA name, such as America/Los_Angeles.');
  const zone = givenZone && isTimeZone(givenZone) ? givenZone : givenZone ? null : districtZone(districtId ?? 0);
  const start: CellResult<{ date: string; time: string | null; offset: boolean }> =
    startText === undefined
      ? { ok: false, message: 'is missing. Every event needs its start_date (a date, or a date and time).' }
      : ocdStart(startText, zone);
  if (!start.ok) error(number, startField, startText ?? '', start.message);
  const date: CellResult<string> = start.ok ? { ok: true, value: start.value.date } : start;
  const time = start.ok ? start.value.time : null;
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
  data.full_video_url = full ? checkedLink(number, 'media', full.url, error, warning) : null;
  const documents = event.documents.flatMap((item) => [
    ...(item.url ? [{ note: item.note, url: item.url }] : []),
    ...item.links.map((l) => ({ note: item.note, url: l.url })),
  ]);
  const agenda = documents.find((d) => /agenda/i.test(d.note));
  const minutes = documents.find((d) => /minutes/i.test(d.note));
  data.agenda_url = agenda ? checkedLink(number, 'documents', agenda.url, error, warning) : null;
  data.minutes_url = minutes ? checkedLink(number, 'documents', minutes.url, error, warning) : null;
  data.minutes_status = minutes
    ? /draft/i.test(minutes.note)
      ? 'draft'
      : /approved/i.test(minutes.note)
        ? 'approved'
        : null
    : null;
  data.summary_source = extras.summary_source ?? null;
  if (time && !event.all_day && (zone || !givenZone)) {
    if (!zone)
      error(
        number,
        'timezone',
        '',
        `is missing and district ${districtId} has no time zone in the files, but the start has a time (${startText}). Give the event's timezone, a time_zone column in districts.csv, or --time-zone America/Los_Angeles.`,
      );
    data.start_time = zone ? time : null;
    data.time_zone = zone;
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

/** A link of an event, as published: https, or http kept with a warning (parseWebLink's rule). */
function checkedLink(number: number, column: string, url: string, error: Report, warning: Report): string | null {
  const result = parseWebLink(url);
  if (!result.ok) {
    error(number, column, url, result.message);
    return null;
  }
  if (isHttpLink(result.value)) warning(number, column, url, HTTP_LINK_WARNING);
  return result.value;
}

/**
 * A vote's day. A date is read as written; a time with a UTC offset is placed in the district's zone, as an event's
 * start is (2025-06-18T01:00:00Z was June 17 in California). Midnight UTC is a day written as a time (what many
 * exports do with a date) and keeps its day. With an offset and no zone known, the day is not known: an error that
 * says how to give the zone.
 */
function voteDay(
  number: number,
  startDate: string | null | undefined,
  districtId: number | null,
  error: Report,
): CellResult<string> | null {
  if (!startDate) {
    error(number, 'start_date', '', 'is empty. Every vote needs its date.');
    return null;
  }
  const midnightUtc = /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00(?::?00)?)$/i.exec(startDate.trim());
  const zone = districtZone(districtId ?? 0);
  const start = midnightUtc ? ocdStart(midnightUtc[1], zone) : ocdStart(startDate, zone);
  if (!start.ok) {
    error(number, 'start_date', startDate, start.message);
    return null;
  }
  if (start.value.offset && !zone) {
    error(
      number,
      'start_date',
      startDate,
      `has a time with a UTC offset, and district ${districtId} has no time zone in the files, so the vote's day there is not known. Give a time_zone column in districts.csv, or --time-zone America/Los_Angeles.`,
    );
    return null;
  }
  return { ok: true, value: start.value.date };
}

function readVoteEvent(
  file: ImportFile,
  number: number,
  event: z.infer<typeof ocdVoteEventSchema>,
  bill: string | null,
  districtId: number | null,
  read: FileRead,
  error: Report,
  warning: Report,
): void {
  const before = read.problems.filter((p) => p.severity === 'error').length;
  const date = voteDay(number, event.start_date, districtId, error);
  const motion = event.motion_text.trim();
  if (!motion) error(number, 'motion_text', '', 'is empty. Every vote needs its issue.');
  // The bill's identifier beside the motion, as a clerk writes it: 'AB 1234: Third reading'.
  const issue = motion && bill && !motion.startsWith(bill) ? `${bill}: ${motion}` : motion;
  const members: { name: string; row: number }[] = [];
  const votes: { name: string; vote: string }[] = [];
  for (const item of event.votes) {
    const named = item.voter_name?.trim() || (item.voter_id ? readContext.people.get(item.voter_id) : undefined);
    const name = memberName(named ?? '');
    if (!name) {
      error(
        number,
        'votes',
        item.voter_id ?? '',
        `has a vote (${item.option}) with no voter_name${item.voter_id ? ' and no person_ file naming its voter_id' : ''}. Add the member's name.`,
      );
      continue;
    }
    if (members.some((m) => m.name === name)) {
      error(number, 'votes', name, 'votes twice in this record. Keep one vote per member.');
      continue;
    }
    if (looksLikeFormula(name)) error(number, 'votes', name, FORMULA_MESSAGE);
    members.push({ name, row: number });
    votes.push({ name, vote: voteFromOcd(item.option, item.note) });
  }
  // The site's own export words the outcome in extras; another's has OCD's result and counts.
  let outcome: string | null;
  if ('outcome' in event.extras) {
    outcome = event.extras.outcome ?? null;
    // A vote with no roll call keeps its outcome as the record has it (counts published alone): nothing to check.
    const mismatch = votes.length ? outcomeMismatch(outcome, votes) : null;
    if (mismatch) error(number, 'extras.outcome', outcome, mismatch);
  } else {
    outcome = outcomeFromOcd(event.result, event.counts);
    // Counts with no roll call are the record (a vote published 42-0): nothing to check them against.
    if (votes.length && outcomeMismatch(outcome, votes)) {
      const word = resultWord(event.result);
      const mismatch = outcomeMismatch(word, votes);
      if (mismatch) error(number, 'result', event.result ?? '', mismatch);
      else
        warning(
          number,
          'counts',
          outcome,
          `disagree with the roll call (${votes.length} members' votes); the outcome is kept as "${word ?? ''}" and the roll call as published. Check the counts.`,
        );
      outcome = word;
    }
  }
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
  if ('outcome' in event.extras || outcome !== null) data.outcome = outcome;
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
