// Deterministic scale fixtures: N districts (default 20,000, about every US district), each with a school
// year of meetings (monthly on a Tuesday, July off) and one upcoming after the load date, topics, and board votes
// whose outcomes agree with them, of realistic size, generated from a seed, written as import files (CSV, as an
// operator's spreadsheets would be) and loaded by the importer.

/**
 * @typedef {{ id: number, name: string, state: string, county: string, address: string, phone: string, totalStudents: number }} FixtureDistrict
 * @typedef {{ districtId: number, date: string, title: string | null, topics: string[] | string, summary: string, meeting_type: string, isUpcoming: boolean, youtube_link: string | null }} FixtureMeeting
 * @typedef {{ name: string, vote: string }} FixtureVote
 * @typedef {{ districtId: number, type: string, voteDate: string, category: string, issue: string, outcome: string, votes: FixtureVote[] }} FixtureVoting
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, importFiles } from './postgres.mjs';
import { csvLine } from '../../src/lib/csvCells.ts';

/**
 * A small, fast, seedable PRNG (mulberry32): the same seed gives the same data on every machine.
 * @param {number} seed
 * @returns {() => number}
 */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
];
const PLACES = [
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'River',
  'Lake',
  'Spring',
  'Fair',
  'Green',
  'Clear',
  'Rock',
  'Elm',
  'Willow',
  'Ash',
  'Bay',
  'Hill',
  'Glen',
  'Brook',
  'Stone',
  'Sun',
  'North',
  'South',
  'East',
  'West',
  'Mill',
  'Red',
  'White',
  'Silver',
  'Golden',
  'Pleasant',
  'Prairie',
  'Valley',
  'Mesa',
  'Canyon',
  'Harbor',
  'Forest',
  'Meadow',
  'Ridge',
  'Summit',
  'Union',
];
const SUFFIXES = [
  'field',
  'wood',
  'ville',
  'ton',
  'dale',
  'view',
  'crest',
  'port',
  'land',
  'mont',
  'side',
  'burg',
  'haven',
  'ford',
  'brook',
  'vale',
];
const KINDS = [
  'Unified School District',
  'School District',
  'Independent School District',
  'Public Schools',
  'Community Schools',
  'City School District',
  'County Schools',
  'Elementary School District',
  'Union High School District',
];
const COUNTIES = [
  'Adams',
  'Jefferson',
  'Franklin',
  'Washington',
  'Lincoln',
  'Madison',
  'Jackson',
  'Clay',
  'Marion',
  'Monroe',
  'Greene',
  'Warren',
  'Wayne',
  'Union',
  'Polk',
  'Lake',
  'Orange',
  'Hamilton',
  'Montgomery',
  'Marshall',
];
const CATEGORIES = ['Budget', 'Facilities', 'Curriculum', 'Personnel', 'Policy', 'Consent Agenda', 'Calendar'];
const TOPICS = [
  'Budget and reserves',
  'School start times',
  'Math pathways',
  'Student mental health',
  'Facilities bond',
  'Enrollment and boundaries',
  'Technology in classrooms',
  'Special education',
  'Staff housing',
  'Cell phone policy',
  'Transportation',
  'Nutrition services',
];
const FIRST = [
  'Alex',
  'Jordan',
  'Morgan',
  'Casey',
  'Riley',
  'Taylor',
  'Avery',
  'Quinn',
  'Jamie',
  'Drew',
  'Reese',
  'Rowan',
];
const LAST = [
  'Harper',
  'Ellison',
  'Navarro',
  'Okafor',
  'Lindqvist',
  'Raman',
  'Whitfield',
  'Delgado',
  'Brennan',
  'Castillo',
  'Nakamura',
  'Abernathy',
];

/**
 * @template T
 * @param {() => number} rand
 * @param {readonly T[]} list
 * @returns {T}
 */
const pick = (rand, list) => list[Math.floor(rand() * list.length)];

const DAY_MS = 86_400_000;
/** @param {number} time */
const isoDate = (time) => new Date(time).toISOString().slice(0, 10);

/**
 * The n-th Tuesday (1-based) of a month (1-12), as YYYY-MM-DD.
 * @param {number} year
 * @param {number} month
 * @param {number} n
 */
export function nthTuesday(year, month, n) {
  const first = Date.UTC(year, month - 1, 1);
  const firstTuesday = 1 + ((2 - new Date(first).getUTCDay() + 7) % 7);
  return isoDate(Date.UTC(year, month - 1, firstTuesday + 7 * (n - 1)));
}

/**
 * The first Tuesday after a day (a week later when the day is a Tuesday), as YYYY-MM-DD.
 * @param {Date} day
 */
export function nextTuesdayAfter(day) {
  const time = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return isoDate(time + (((2 - new Date(time).getUTCDay() + 6) % 7) + 1) * DAY_MS);
}

/** The school year the fixtures tell: August 2024 to June 2025, with July off. @type {[number, number][]} */
const SCHOOL_MONTHS = [
  [2024, 8],
  [2024, 9],
  [2024, 10],
  [2024, 11],
  [2024, 12],
  [2025, 1],
  [2025, 2],
  [2025, 3],
  [2025, 4],
  [2025, 5],
  [2025, 6],
];

/**
 * How the members voted on one item: mostly Yes, sometimes a dissent or an abstention, and now and then one member
 * absent (left out, or recorded as '-'); a consent agenda passes with every member present voting Yes.
 * @param {() => number} rand
 * @param {string[]} members
 * @param {boolean} consent
 * @returns {FixtureVote[]}
 */
function castVotes(rand, members, consent) {
  const absent = rand() < 0.25 ? Math.floor(rand() * members.length) : -1;
  const leftOut = rand() < 0.5;
  return members.flatMap((name, m) => {
    if (m === absent) return leftOut ? [] : [{ name, vote: '-' }];
    const r = rand();
    return [{ name, vote: consent || r < 0.8 ? 'Yes' : r < 0.95 ? 'No' : 'Abstain' }];
  });
}

/**
 * The outcome the votes make: Passed with more Yes than No, else Failed (a tie fails), with the counts cast; when
 * every member present abstained, no action was taken.
 * @param {FixtureVote[]} votes
 */
function outcomeOf(votes) {
  /** @param {string} word */
  const count = (word) => votes.filter((v) => v.vote === word).length;
  const [yes, no, other] = [count('Yes'), count('No'), count('Abstain')];
  const word = yes + no === 0 ? 'No action' : yes > no ? 'Passed' : 'Failed';
  return `${word} (${yes}-${no}${other ? `-${other}` : ''})`;
}

/**
 * The rows of district number i (1-based), generated from the seed alone; only the upcoming meeting's date depends on
 * `today`, the day the fixtures are loaded, so it is always in the future.
 * @param {number} i
 * @param {number} seed
 * @param {Date} [today]
 * @param {number} [years] school years of meetings and votes, the fixtures' own and those before it
 */
export function districtRows(i, seed, today = new Date(), years = 1) {
  const rand = prng(seed * 1_000_003 + i);
  const place = `${pick(rand, PLACES)}${pick(rand, SUFFIXES)}`;
  const state = STATES[i % STATES.length];
  const district = {
    id: i,
    name: `${place} ${pick(rand, KINDS)}`,
    state,
    county: `${pick(rand, COUNTIES)}`,
    address: `${100 + Math.floor(rand() * 9800)} ${pick(rand, PLACES)} Avenue, ${place}, ${state}`,
    phone: `(${200 + Math.floor(rand() * 799)}) 555-${String(1000 + Math.floor(rand() * 8999))}`,
    totalStudents: 200 + Math.floor(rand() ** 3 * 60000),
  };
  // Five different people: a board never seats one name twice.
  /** @type {string[]} */
  const members = [];
  while (members.length < 5) {
    const name = `${pick(rand, FIRST)} ${pick(rand, LAST)}`;
    if (!members.includes(name)) members.push(name);
  }
  const video = rand() < 0.5;
  // Each board meets monthly on its second or fourth Tuesday; in December always the second, before the holidays.
  const week = rand() < 0.5 ? 2 : 4;
  const past = SCHOOL_MONTHS.map(([year, month], m) => {
    const topics = [pick(rand, TOPICS), pick(rand, TOPICS)];
    return {
      districtId: i,
      date: nthTuesday(year, month, month === 12 ? 2 : week),
      title: m % 6 === 5 ? null : 'Regular Board Meeting',
      topics: m % 2 ? topics : topics.join(', '),
      summary: meetingSummary(district, members, topics, video, m, 3 + Math.floor(rand() * 20)),
      meeting_type: m === 4 ? 'special' : 'normal',
      isUpcoming: false,
      youtube_link: video ? `https://www.youtube.com/watch?v=${String(i).padStart(6, '0')}abcde` : null,
    };
  });
  const nextTopics = [pick(rand, TOPICS), pick(rand, TOPICS)];
  const upcoming = {
    districtId: i,
    date: isoDate(Date.parse(nextTuesdayAfter(today)) + 7 * DAY_MS * Math.floor(rand() * 3)),
    title: 'Regular Board Meeting',
    topics: nextTopics,
    summary: `<p><strong>Upcoming meeting.</strong> The agenda will be posted at least 72 hours before the meeting. Expected items include ${nextTopics[0].toLowerCase()} and ${nextTopics[1].toLowerCase()}.</p>`,
    meeting_type: 'upcoming',
    isUpcoming: true,
    youtube_link: null,
  };
  const meetings = [...past, upcoming];
  const topics = Array.from({ length: 6 }, (_, t) => ({
    districtId: i,
    title: TOPICS[(i + t) % TOPICS.length],
    description: `<p>How ${district.name} is approaching <strong>${TOPICS[(i + t) % TOPICS.length].toLowerCase()}</strong> this year.</p><ul><li>What the board decided so far.</li><li>What comes next, and when the public can comment.</li></ul>`,
    upvotes: Math.floor(rand() * 1500),
    downvotes: Math.floor(rand() * 300),
  }));
  // Votes are taken at the year's meetings: the recent ones in 2025, the past ones in 2024.
  /** @param {number} year */
  const meetingDays = (year) =>
    past.filter((meeting) => meeting.date.startsWith(String(year))).map((meeting) => meeting.date);
  const votings = Array.from({ length: 15 }, (_, v) => {
    const category = pick(rand, CATEGORIES);
    const voteDate = pick(rand, meetingDays(v < 5 ? 2025 : 2024));
    const issue = `Approve ${pick(rand, TOPICS).toLowerCase()} item ${v + 1}`;
    // Now and then the board sets an item aside without voting on it.
    if (category !== 'Consent Agenda' && rand() < 0.05)
      return {
        districtId: i,
        type: v < 5 ? 'recent' : 'past',
        voteDate,
        category,
        issue,
        outcome: 'Tabled',
        votes: [],
      };
    const votes = castVotes(rand, members, category === 'Consent Agenda');
    return {
      districtId: i,
      type: v < 5 ? 'recent' : 'past',
      voteDate,
      category,
      issue,
      outcome: category === 'Consent Agenda' ? 'Approved (consent agenda)' : outcomeOf(votes),
      votes,
    };
  });
  if (years > 1) addEarlierYears({ district, members, video, week, meetings, votings }, seed, years);
  return { district, meetings, topics, votings };
}

/**
 * A past meeting's summary: its two topics, who opened it (with a time stamp when it was filmed), the speakers.
 * @param {FixtureDistrict} district
 * @param {string[]} members
 * @param {string[]} topics
 * @param {boolean} video
 * @param {number} m the meeting's place in its school year (0-based)
 * @param {number} speakers
 */
function meetingSummary(district, members, topics, video, m, speakers) {
  return (
    `<p>The board of ${district.name} met to discuss <strong>${topics[0].toLowerCase()}</strong> and ${topics[1].toLowerCase()}. ` +
    `Trustee ${members[0]} opened the session${video ? ` (at ${m + 1}:0${m % 10})` : ''} and staff presented an update on enrollment, staffing and the year's calendar.</p>` +
    `<ul><li>Staff reported on ${topics[0].toLowerCase()} with figures for each school.</li><li>Public comment: ${speakers} speakers${video ? ' from 1:02:15' : ''}.</li><li>The board asked for a follow-up report next month.</li></ul>` +
    `<p>Trustee ${members[1]} asked about costs; the superintendent answered that the district would return with options. The meeting closed with reports from the student representative and the board members.</p>`
  );
}

// ---- Earlier school years (the `years` option) ----
// With years > 1 a district also holds the school years before the fixtures' own (years 5: 2020-21 to 2024-25): in
// each, the same monthly meetings and a special budget hearing on the other June Tuesday, and 15 votes taken at them
// (at 20,000 districts: 1.2 million meetings and 1.5 million votes). They are drawn from a seed of their own, so the
// first year's rows are the same whatever `years` is.

/**
 * Appends the meetings and votes of the `years - 1` school years before the fixtures' own to a district's rows.
 * @param {{ district: FixtureDistrict, members: string[], video: boolean, week: number, meetings: FixtureMeeting[], votings: FixtureVoting[] }} rows
 * @param {number} seed
 * @param {number} years
 */
function addEarlierYears({ district, members, video, week, meetings, votings }, seed, years) {
  const i = district.id;
  const rand = prng((seed * 1_000_003 + i) ^ 0x5eed_0000);
  for (let back = 1; back < years; back += 1) {
    /** @type {[number, number][]} */
    const months = SCHOOL_MONTHS.map(([year, month]) => [year - back, month]);
    const year = months.map(([y, month], m) => {
      const topics = [pick(rand, TOPICS), pick(rand, TOPICS)];
      return {
        districtId: i,
        date: nthTuesday(y, month, month === 12 ? 2 : week),
        title: m % 6 === 5 ? null : 'Regular Board Meeting',
        topics: m % 2 ? topics : topics.join(', '),
        summary: meetingSummary(district, members, topics, video, m, 3 + Math.floor(rand() * 20)),
        meeting_type: m === 4 ? 'special' : 'normal',
        isUpcoming: false,
        youtube_link: video ? `https://www.youtube.com/watch?v=${String(i).padStart(6, '0')}abcde` : null,
      };
    });
    const [juneYear, june] = months[months.length - 1];
    year.push({
      districtId: i,
      date: nthTuesday(juneYear, june, week === 2 ? 4 : 2),
      title: 'Budget Adoption Hearing',
      topics: ['Budget and reserves'],
      summary: `<p>A public hearing on the budget of ${district.name} for the next school year, then its adoption. Trustee ${members[2]} summarised the reserves.</p>`,
      meeting_type: 'special',
      isUpcoming: false,
      youtube_link: null,
    });
    meetings.push(...year);
    const days = year.map((meeting) => meeting.date);
    for (let v = 0; v < 15; v += 1) {
      const category = pick(rand, CATEGORIES);
      const voteDate = pick(rand, days);
      const issue = `Approve ${pick(rand, TOPICS).toLowerCase()} item ${v + 1}`;
      if (category !== 'Consent Agenda' && rand() < 0.05) {
        votings.push({ districtId: i, type: 'past', voteDate, category, issue, outcome: 'Tabled', votes: [] });
        continue;
      }
      const votes = castVotes(rand, members, category === 'Consent Agenda');
      votings.push({
        districtId: i,
        type: 'past',
        voteDate,
        category,
        issue,
        outcome: category === 'Consent Agenda' ? 'Approved (consent agenda)' : outcomeOf(votes),
        votes,
      });
    }
  }
}

/** Districts per folder of import files: each folder's files stay far below the importer's size limit. */
const DISTRICTS_PER_FOLDER = 1000;

/**
 * A summary or description as the night's changes leave it: a sentence added to every step-th district's.
 * @param {string} html
 * @param {number} id
 * @param {number} step
 */
const changed = (html, id, step) =>
  step && id % step === 0 ? `${html}<p>Minutes approved at the next meeting.</p>` : html;

/**
 * Writes N generated districts as import files in `dir`: districts.csv, then a folder per thousand districts with
 * meetings.csv, topics.csv and votes.csv (one row per member's vote, as the site's own votes.csv). With `changeStep`,
 * every changeStep-th district is as the night's changes leave it (see changeSomeDistricts). Returns the row counts.
 * @param {string} dir
 * @param {{ districts?: number, years?: number, seed?: number, today?: Date, changeStep?: number }} [options]
 */
export function writeScaleFixtures(
  dir,
  { districts: n = 20_000, years = 1, seed = 1, today = new Date(), changeStep = 0 } = {},
) {
  mkdirSync(dir, { recursive: true });
  const counts = { districts: n, meetings: 0, topics: 0, votings: 0, memberVotes: 0 };
  let districts = csvLine(['id', 'name', 'state', 'county', 'address', 'phone', 'totalStudents']);
  for (let start = 1; start <= n; start += DISTRICTS_PER_FOLDER) {
    const folder = join(dir, `part-${String(Math.ceil(start / DISTRICTS_PER_FOLDER)).padStart(3, '0')}`);
    mkdirSync(folder, { recursive: true });
    let meetings = csvLine([
      'district_id',
      'date',
      'title',
      'topics',
      'summary',
      'meeting_type',
      'isUpcoming',
      'youtube_link',
    ]);
    let topics = csvLine(['district_id', 'title', 'description', 'upvotes', 'downvotes']);
    let votes = csvLine(['district_id', 'date', 'category', 'issue', 'outcome', 'member', 'vote', 'table']);
    for (let i = start; i < Math.min(start + DISTRICTS_PER_FOLDER, n + 1); i += 1) {
      const d = districtRows(i, seed, today, years);
      const { district } = d;
      districts += csvLine([
        district.id,
        district.name,
        district.state,
        district.county,
        district.address,
        district.phone,
        district.totalStudents,
      ]);
      for (const m of d.meetings) {
        meetings += csvLine([
          i,
          m.date,
          m.title,
          Array.isArray(m.topics) ? JSON.stringify(m.topics) : m.topics,
          changed(m.summary, i, changeStep),
          m.meeting_type,
          String(m.isUpcoming),
          m.youtube_link,
        ]);
      }
      for (const t of d.topics)
        topics += csvLine([
          i,
          t.title,
          t.description,
          t.upvotes + (changeStep && i % changeStep === 0 ? 1 : 0),
          t.downvotes,
        ]);
      for (const v of d.votings) {
        // A decision taken without a roll call is one row with no member.
        const rows = v.votes.length ? v.votes : [{ name: '', vote: '' }];
        for (const item of rows)
          votes += csvLine([
            i,
            v.voteDate,
            v.category,
            v.issue,
            v.outcome,
            item.name,
            item.vote === '-' ? '' : item.vote,
            v.type,
          ]);
        counts.memberVotes += v.votes.length;
      }
      counts.meetings += d.meetings.length;
      counts.topics += d.topics.length;
      counts.votings += d.votings.length;
    }
    writeFileSync(join(folder, 'meetings.csv'), meetings);
    writeFileSync(join(folder, 'topics.csv'), topics);
    writeFileSync(join(folder, 'votes.csv'), votes);
  }
  writeFileSync(join(dir, 'districts.csv'), districts);
  return counts;
}

/**
 * Replaces the database's public data with N generated districts (and their meetings, topics, votes), written as
 * import files in `dir` and loaded by the importer, each district with `years` school years of meetings and votes
 * (default 1). Reports progress through onProgress(line).
 * @param {string} dbUrl
 * @param {{ districts?: number, years?: number, seed?: number, today?: Date, dir?: string, onProgress?: (line: string) => void }} [options]
 * @returns {Promise<{ districts: number, meetings: number, topics: number, votings: number }>}
 */
export async function loadScaleFixtures(
  dbUrl,
  { districts: n = 20_000, years = 1, seed = 1, today = new Date(), dir, onProgress = () => {} } = {},
) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'sbt-fixtures-'));
  const client = await connect(dbUrl);
  try {
    onProgress(`writing ${n} districts as import files in ${folder}`);
    writeScaleFixtures(folder, { districts: n, years, seed, today });
    await client.query('begin');
    await client.query(
      'truncate public.votings, public.topics, public.meetings, public.districts restart identity cascade',
    );
    onProgress('importing them');
    await importFiles(client, [folder]);
    await client.query('commit');
    await client.query('analyze public.districts, public.meetings, public.topics, public.votings');
    const { rows } = await client.query(
      'select (select count(*) from public.districts)::int as districts, (select count(*) from public.meetings)::int as meetings, (select count(*) from public.topics)::int as topics, (select count(*) from public.votings)::int as votings',
    );
    return rows[0];
  } finally {
    await client.end();
    if (!dir) rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A night's changes: every `step`-th district gets a new sentence in each meeting summary and new topic counts,
 * as if its board had met and residents had voted. Returns how many districts changed.
 * @param {string} dbUrl
 * @param {{ step?: number }} [options]
 */
export async function changeSomeDistricts(dbUrl, { step = 100 } = {}) {
  const client = await connect(dbUrl);
  try {
    await client.query('begin');
    await client.query(
      `update public.meetings set summary = summary || '<p>Minutes approved at the next meeting.</p>' where "districtId" % $1 = 0`,
      [step],
    );
    await client.query('update public.topics set upvotes = upvotes + 1 where "districtId" % $1 = 0', [step]);
    const { rows } = await client.query('select count(*)::int as n from public.districts where id % $1 = 0', [step]);
    await client.query('commit');
    return rows[0].n;
  } finally {
    await client.end();
  }
}
