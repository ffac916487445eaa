// Deterministic scale fixtures: N districts (default 20,000, about every US district), each with a school
// year of meetings, topics and board votes of realistic size, generated from a seed and bulk-inserted.
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
const OUTCOMES = ['Passed', 'Failed', 'Passed (4-1)', 'Passed (3-2)', 'Approved (consent agenda)', 'Tabled'];
const TOPICS = ['Budget and reserves', 'School start times', 'Math pathways', 'Student mental health', 'Facilities bond', 'Enrollment and boundaries', 'Technology in classrooms', 'Special education', 'Staff housing', 'Cell phone policy', 'Transportation', 'Nutrition services'];
const FIRST = ['Alex', 'Jordan', 'Morgan', 'Casey', 'Riley', 'Taylor', 'Avery', 'Quinn', 'Jamie', 'Drew', 'Reese', 'Rowan'];
const LAST = ['Harper', 'Ellison', 'Navarro', 'Okafor', 'Lindqvist', 'Raman', 'Whitfield', 'Delgado', 'Brennan', 'Castillo', 'Nakamura', 'Abernathy'];

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

/** The rows of district number i (1-based), generated from the seed alone. */
export function districtRows(i, seed) {
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
  const meetings = Array.from({ length: 12 }, (_, m) => {
    const month = ((m + 7) % 12) + 1;
    const year = month >= 8 ? 2024 : 2025;
    const day = 5 + Math.floor(rand() * 20);
    const topics = [pick(rand, TOPICS), pick(rand, TOPICS)];
    return {
      districtId: i,
      date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      title: m % 6 === 5 ? null : 'Regular Board Meeting',
      topics: m % 2 ? topics : topics.join(', '),
      summary:
        `<p>The board of ${district.name} met to discuss <strong>${topics[0].toLowerCase()}</strong> and ${topics[1].toLowerCase()}. ` +
        `Trustee ${members[0]} opened the session${video ? ` (at ${m + 1}:0${m % 10})` : ''} and staff presented an update on enrollment, staffing and the year's calendar.</p>` +
        `<ul><li>Staff reported on ${topics[0].toLowerCase()} with figures for each school.</li><li>Public comment: ${3 + Math.floor(rand() * 20)} speakers${video ? ' from 1:02:15' : ''}.</li><li>The board asked for a follow-up report next month.</li></ul>` +
        `<p>Trustee ${members[1]} asked about costs; the superintendent answered that the district would return with options. The meeting closed with reports from the student representative and the board members.</p>`,
      meeting_type: m === 4 ? 'special' : 'normal',
      isUpcoming: false,
      youtube_link: video ? `https://www.youtube.com/watch?v=${String(i).padStart(6, '0')}abcde` : null,
    };
  });
  const topics = Array.from({ length: 6 }, (_, t) => ({
    districtId: i,
    title: TOPICS[(i + t) % TOPICS.length],
    description: `<p>How ${district.name} is approaching <strong>${TOPICS[(i + t) % TOPICS.length].toLowerCase()}</strong> this year.</p><ul><li>What the board decided so far.</li><li>What comes next, and when the public can comment.</li></ul>`,
    upvotes: Math.floor(rand() * 1500),
    downvotes: Math.floor(rand() * 300),
  }));
  const votings = Array.from({ length: 15 }, (_, v) => ({
    districtId: i,
    type: v < 5 ? 'recent' : 'past',
    voteDate: `${v < 5 ? 2025 : 2024}-${String(1 + (v % 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 27)).padStart(2, '0')}`,
    category: pick(rand, CATEGORIES),
    issue: `Approve ${pick(rand, TOPICS).toLowerCase()} item ${v + 1}`,
    outcome: pick(rand, OUTCOMES),
    votes: members.map((name) => ({ name, vote: rand() < 0.8 ? 'Yes' : pick(rand, ['No', 'Abstain', 'Absent']) })),
  }));
  return { district, meetings, topics, votings };
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
 * Replaces the database's public data with N generated districts (and their meetings, topics, votes).
 * Reports progress through onProgress(done, total).
 */
export async function loadScaleFixtures(dbUrl, { districts: n = 20_000, seed = 1, batch = 500, onProgress = () => {} } = {}) {
  const client = await connect(dbUrl);
  try {
    await client.query('truncate public.votings, public.topics, public.meetings, public.districts restart identity cascade');
    for (let start = 1; start <= n; start += batch) {
      const rows = { districts: [], meetings: [], topics: [], votings: [] };
      for (let i = start; i < Math.min(start + batch, n + 1); i += 1) {
        const d = districtRows(i, seed);
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
