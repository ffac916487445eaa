// Deterministic scale fixtures: N districts (default 20,000, about every US district), each with a school
// year of meetings (monthly on a Tuesday, July off) and one upcoming after the load date, topics, and board votes
// whose outcomes agree with them, of realistic size, generated from a seed and bulk-inserted.
import { connect } from './postgres.mjs';

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same data on every machine. */
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

const STATES = ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'];
const PLACES = ['Oak', 'Maple', 'Cedar', 'Pine', 'River', 'Lake', 'Spring', 'Fair', 'Green', 'Clear', 'Rock', 'Elm', 'Willow', 'Ash', 'Bay', 'Hill', 'Glen', 'Brook', 'Stone', 'Sun', 'North', 'South', 'East', 'West', 'Mill', 'Red', 'White', 'Silver', 'Golden', 'Pleasant', 'Prairie', 'Valley', 'Mesa', 'Canyon', 'Harbor', 'Forest', 'Meadow', 'Ridge', 'Summit', 'Union'];
const SUFFIXES = ['field', 'wood', 'ville', 'ton', 'dale', 'view', 'crest', 'port', 'land', 'mont', 'side', 'burg', 'haven', 'ford', 'brook', 'vale'];
const KINDS = ['Unified School District', 'School District', 'Independent School District', 'Public Schools', 'Community Schools', 'City School District', 'County Schools', 'Elementary School District', 'Union High School District'];
const COUNTIES = ['Adams', 'Jefferson', 'Franklin', 'Washington', 'Lincoln', 'Madison', 'Jackson', 'Clay', 'Marion', 'Monroe', 'Greene', 'Warren', 'Wayne', 'Union', 'Polk', 'Lake', 'Orange', 'Hamilton', 'Montgomery', 'Marshall'];
const CATEGORIES = ['Budget', 'Facilities', 'Curriculum', 'Personnel', 'Policy', 'Consent Agenda', 'Calendar'];
const TOPICS = ['Budget and reserves', 'School start times', 'Math pathways', 'Student mental health', 'Facilities bond', 'Enrollment and boundaries', 'Technology in classrooms', 'Special education', 'Staff housing', 'Cell phone policy', 'Transportation', 'Nutrition services'];
const FIRST = ['Alex', 'Jordan', 'Morgan', 'Casey', 'Riley', 'Taylor', 'Avery', 'Quinn', 'Jamie', 'Drew', 'Reese', 'Rowan'];
const LAST = ['Harper', 'Ellison', 'Navarro', 'Okafor', 'Lindqvist', 'Raman', 'Whitfield', 'Delgado', 'Brennan', 'Castillo', 'Nakamura', 'Abernathy'];

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

const DAY_MS = 86_400_000;
const isoDate = (time) => new Date(time).toISOString().slice(0, 10);

/** The n-th Tuesday (1-based) of a month (1-12), as YYYY-MM-DD. */
export function nthTuesday(year, month, n) {
  const first = Date.UTC(year, month - 1, 1);
  const firstTuesday = 1 + ((2 - new Date(first).getUTCDay() + 7) % 7);
  return isoDate(Date.UTC(year, month - 1, firstTuesday + 7 * (n - 1)));
}

/** The first Tuesday after a day (a week later when the day is a Tuesday), as YYYY-MM-DD. */
export function nextTuesdayAfter(day) {
  const time = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return isoDate(time + (((2 - new Date(time).getUTCDay() + 6) % 7) + 1) * DAY_MS);
}

/** The school year the fixtures tell: August 2024 to June 2025, with July off. */
const SCHOOL_MONTHS = [[2024, 8], [2024, 9], [2024, 10], [2024, 11], [2024, 12], [2025, 1], [2025, 2], [2025, 3], [2025, 4], [2025, 5], [2025, 6]];

/**
 * How the members voted on one item: mostly Yes, sometimes a dissent or an abstention, and now and then one member
 * absent (left out, or recorded as '-'); a consent agenda passes with every member present voting Yes.
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

/** The outcome the votes make: Passed with more Yes than No, else Failed (a tie fails), with the counts cast. */
function outcomeOf(votes) {
  const count = (word) => votes.filter((v) => v.vote === word).length;
  const [yes, no, other] = [count('Yes'), count('No'), count('Abstain')];
  return `${yes > no ? 'Passed' : 'Failed'} (${yes}-${no}${other ? `-${other}` : ''})`;
}

/**
 * The rows of district number i (1-based), generated from the seed alone; only the upcoming meeting's date depends on
 * `today`, the day the fixtures are loaded, so it is always in the future.
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
  const members = Array.from({ length: 5 }, () => `${pick(rand, FIRST)} ${pick(rand, LAST)}`);
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
  const meetingDays = (year) => past.filter((meeting) => meeting.date.startsWith(String(year))).map((meeting) => meeting.date);
  const votings = Array.from({ length: 15 }, (_, v) => {
    const category = pick(rand, CATEGORIES);
    const voteDate = pick(rand, meetingDays(v < 5 ? 2025 : 2024));
    const issue = `Approve ${pick(rand, TOPICS).toLowerCase()} item ${v + 1}`;
    // Now and then the board sets an item aside without voting on it.
    if (category !== 'Consent Agenda' && rand() < 0.05) return { districtId: i, type: v < 5 ? 'recent' : 'past', voteDate, category, issue, outcome: 'Tabled', votes: [] };
    const votes = castVotes(rand, members, category === 'Consent Agenda');
    return { districtId: i, type: v < 5 ? 'recent' : 'past', voteDate, category, issue, outcome: category === 'Consent Agenda' ? 'Approved (consent agenda)' : outcomeOf(votes), votes };
  });
  if (years > 1) addEarlierYears({ district, members, video, week, meetings, votings }, seed, years);
  return { district, meetings, topics, votings };
}

/** A past meeting's summary: its two topics, who opened it (with a time stamp when it was filmed), the speakers. */
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

/** Appends the meetings and votes of the `years - 1` school years before the fixtures' own to a district's rows. */
function addEarlierYears({ district, members, video, week, meetings, votings }, seed, years) {
  const i = district.id;
  const rand = prng((seed * 1_000_003 + i) ^ 0x5eed_0000);
  for (let back = 1; back < years; back += 1) {
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
    const [juneYear, june] = months.at(-1);
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
      votings.push({ districtId: i, type: 'past', voteDate, category, issue, outcome: category === 'Consent Agenda' ? 'Approved (consent agenda)' : outcomeOf(votes), votes });
    }
  }
}

const COLUMNS = {
  districts: [['id', 'bigint'], ['name', 'text'], ['state', 'text'], ['county', 'text'], ['address', 'text'], ['phone', 'text'], ['totalStudents', 'integer']],
  meetings: [['districtId', 'bigint'], ['date', 'date'], ['title', 'text'], ['topics', 'jsonb'], ['summary', 'text'], ['meeting_type', 'text'], ['isUpcoming', 'boolean'], ['youtube_link', 'text']],
  topics: [['districtId', 'bigint'], ['title', 'text'], ['description', 'text'], ['upvotes', 'integer'], ['downvotes', 'integer']],
  votings: [['districtId', 'bigint'], ['type', 'text'], ['voteDate', 'date'], ['category', 'text'], ['issue', 'text'], ['outcome', 'text'], ['votes', 'jsonb']],
};

/** Inserts rows in one statement per batch, column arrays through unnest(). */
async function insertBatch(client, table, rows) {
  const cols = COLUMNS[table];
  const arrays = cols.map(([name, type]) => rows.map((r) => (type === 'jsonb' ? JSON.stringify(r[name]) : r[name])));
  const list = cols.map(([name]) => `"${name}"`).join(', ');
  const unnest = cols.map(([, type], k) => `$${k + 1}::${type === 'jsonb' ? 'text' : type}[]`).join(', ');
  const select = cols.map(([name, type]) => (type === 'jsonb' ? `"${name}"::jsonb` : `"${name}"`)).join(', ');
  await client.query(`insert into public.${table} (${list}) select ${select} from unnest(${unnest}) as t(${list})`, arrays);
}

/**
 * Replaces the database's public data with N generated districts (and their meetings, topics, votes), each with
 * `years` school years of meetings and votes (default 1).
 * Reports progress through onProgress(done, total).
 */
export async function loadScaleFixtures(dbUrl, { districts: n = 20_000, years = 1, seed = 1, batch = 500, today = new Date(), onProgress = () => {} } = {}) {
  const client = await connect(dbUrl);
  try {
    await client.query('truncate public.votings, public.topics, public.meetings, public.districts restart identity cascade');
    for (let start = 1; start <= n; start += batch) {
      const rows = { districts: [], meetings: [], topics: [], votings: [] };
      for (let i = start; i < Math.min(start + batch, n + 1); i += 1) {
        const d = districtRows(i, seed, today, years);
        rows.districts.push(d.district);
        rows.meetings.push(...d.meetings);
        rows.topics.push(...d.topics);
        rows.votings.push(...d.votings);
      }
      await client.query('begin');
      for (const table of ['districts', 'meetings', 'topics', 'votings']) await insertBatch(client, table, rows[table]);
      await client.query('commit');
      onProgress(Math.min(start + batch - 1, n), n);
    }
    await client.query("select setval(pg_get_serial_sequence('public.districts', 'id'), (select max(id) from public.districts))");
    await client.query('analyze public.districts, public.meetings, public.topics, public.votings');
    const { rows } = await client.query('select (select count(*) from public.districts)::int as districts, (select count(*) from public.meetings)::int as meetings, (select count(*) from public.topics)::int as topics, (select count(*) from public.votings)::int as votings');
    return rows[0];
  } finally {
    await client.end();
  }
}

/**
 * A night's changes: every `step`-th district gets a new sentence in each meeting summary and new topic counts,
 * as if its board had met and residents had voted. Returns how many districts changed.
 */
export async function changeSomeDistricts(dbUrl, { step = 100 } = {}) {
  const client = await connect(dbUrl);
  try {
    await client.query('begin');
    await client.query(`update public.meetings set summary = summary || '<p>Minutes approved at the next meeting.</p>' where "districtId" % $1 = 0`, [step]);
    await client.query('update public.topics set upvotes = upvotes + 1 where "districtId" % $1 = 0', [step]);
    const { rows } = await client.query('select count(*)::int as n from public.districts where id % $1 = 0', [step]);
    await client.query('commit');
    return rows[0].n;
  } finally {
    await client.end();
  }
}
