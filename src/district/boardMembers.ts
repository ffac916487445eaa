// Board members' own pages: who they are (from the district's votings), their address, and their record of votes.
import type { Voting } from '../lib/data/votings';
import { DEFAULT_SORT, boardMembers, memberVote, sortVotings } from './voteRecords';
import { NO_VOTE } from '../lib/record/outcomes';
import { districtPath } from '../lib/paths';

/** A voting record as the member rules read it (both tables: type recent and past). */
export type MemberVoting = Pick<Voting, 'id' | 'type' | 'voteDate' | 'category' | 'issue' | 'outcome' | 'votes'>;

/** How a vote counts: Yes and No (any case), another word ('Abstain', 'Absent'), or no vote recorded (missing, empty or '-'). */
export type VoteKind = 'yes' | 'no' | 'other' | 'none';

/** The kind of a vote text: Yes/No case-insensitively, '-' or blank is none, any other text is other. */
export function voteKind(vote: string | null | undefined): VoteKind {
  const word = vote?.trim().toLowerCase() ?? '';
  if (!word || word === NO_VOTE) return 'none';
  return word === 'yes' ? 'yes' : word === 'no' ? 'no' : 'other';
}

/**
 * Words that record a member as not taking part rather than taking a side. They count as 'other' in a member's
 * counts, but are not cast votes: 4 Yes and 1 Absent is not a split vote, and the absent member is not a dissenter.
 */
export const NOT_TAKING_PART = ['absent', 'excused', 'recused'] as const;

/** The vote a member cast, compared case- and space-insensitively ('YES ' = 'Yes'), or null when they cast none. */
export function castVote(vote: string | null | undefined): string | null {
  if (voteKind(vote) === 'none') return null;
  const word = vote!.trim().toLowerCase().replace(/\s+/g, ' ');
  return (NOT_TAKING_PART as readonly string[]).includes(word) ? null : word;
}

/** The cast votes of one record, by member name (trimmed), in the order the record lists them; a repeated name counts once. */
export function castVotes(record: Pick<Voting, 'votes'>): Map<string, string> {
  const cast = new Map<string, string>();
  for (const item of record.votes) {
    const name = item.name.trim();
    const vote = castVote(item.vote);
    if (name && vote !== null && !cast.has(name)) cast.set(name, vote);
  }
  return cast;
}

/**
 * The most common cast votes of a record (several on a tie), or an empty set when the cast votes are not split
 * (all the same, or none), since then nobody is in a minority.
 */
export function majorityVotes(cast: ReadonlyMap<string, string>): Set<string> {
  const tally = new Map<string, number>();
  for (const vote of cast.values()) tally.set(vote, (tally.get(vote) ?? 0) + 1);
  if (tally.size < 2) return new Set();
  const top = Math.max(...tally.values());
  return new Set([...tally].filter(([, count]) => count === top).map(([vote]) => vote));
}

/**
 * Whether a member was in the minority on a record: its cast votes are split and the member's cast vote is not the
 * most common one. On a tie for most common (2 Yes, 2 No, 1 Abstain) nobody who voted a tied option is in the
 * minority; the Abstain is.
 */
export function inMinority(record: Pick<Voting, 'votes'>, name: string): boolean {
  const cast = castVotes(record);
  const vote = cast.get(name);
  if (vote === undefined) return false;
  const majority = majorityVotes(cast);
  return majority.size > 0 && !majority.has(vote);
}

/** The base of a member's URL slug: ASCII letters and digits, accents dropped, words joined by '-'; 'member' if nothing is left. */
export function memberSlugBase(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'member';
}

/**
 * The slugs of a district's members, unique within it. Names are taken in code-point order so the result does
 * not depend on the order of the records: the first name of a base keeps it, later ones get '-2', '-3'... (skipping
 * any slug another name has as its base), e.g. 'Ann Lee' → ann-lee, 'Ann  Lee ' (another spelling) → ann-lee-2.
 */
export function memberSlugs(names: readonly string[]): Map<string, string> {
  const sorted = [...new Set(names.map((name) => name.trim()).filter(Boolean))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const bases = new Map(sorted.map((name) => [name, memberSlugBase(name)]));
  const taken = new Set<string>();
  const slugs = new Map<string, string>();
  const later: string[] = [];
  for (const name of sorted) {
    const base = bases.get(name)!;
    if (taken.has(base)) later.push(name);
    else {
      taken.add(base);
      slugs.set(name, base);
    }
  }
  for (const name of later) {
    const base = bases.get(name)!;
    let n = 2;
    while (taken.has(`${base}-${n}`)) n += 1;
    taken.add(`${base}-${n}`);
    slugs.set(name, `${base}-${n}`);
  }
  return slugs;
}

/**
 * A member's page: `/{districtId}/members/{slug}`. The slug comes from the district's slug table (memberSlugs of all
 * its members), since two names can share a base; a name missing from it is a build error, never a wrong link.
 */
export function memberPath(districtId: number, name: string, slugs: ReadonlyMap<string, string>): string {
  const slug = slugs.get(name.trim());
  if (slug === undefined) throw new Error(`No member page for '${name}' in district ${districtId}`);
  return `${districtPath(districtId)}/members/${slug}`;
}

/** A board member of a district, with the address of their page. */
export interface BoardMember {
  name: string;
  slug: string;
  path: string;
}

/** The board members of a district: every name in its votings (both tables), in order of first appearance, with their pages. */
export function districtMembers(districtId: number, votings: Pick<Voting, 'votes'>[]): BoardMember[] {
  const names = boardMembers(votings);
  const slugs = memberSlugs(names);
  return names.map((name) => ({ name, slug: slugs.get(name)!, path: memberPath(districtId, name, slugs) }));
}

/** One vote on a member's page. */
export interface MemberVoteRow {
  id: number;
  /** YYYY-MM-DD, or null when the record has no date. */
  date: string | null;
  category: string | null;
  issue: string | null;
  outcome: string | null;
  /** Their vote as recorded, or '-' when none is recorded. */
  vote: string;
  kind: VoteKind;
  /** The table the record is in: 'recent' (Current Board Votes) or 'past' (Past Board Votes). */
  table: Voting['type'];
  minority: boolean;
}

export interface VoteCounts {
  yes: number;
  no: number;
  other: number;
  /** Records naming the member with no vote recorded (missing, empty or '-'). */
  none: number;
}

/** A member's page: their votes (minority votes first, then the rest, each newest first) and their counts. */
export interface MemberRecord {
  name: string;
  votes: MemberVoteRow[];
  counts: VoteCounts;
  minorityCount: number;
}

/**
 * A member's record, as the voting tables show their column: every record of a table their column is in (a table in
 * which some record names them), the ones that do not name them counted as 'No vote recorded', the '-' of their cell;
 * the votes where they were in the minority first, then the rest, each part newest first, as the voting tables order
 * dates (undated last, ties in the order given).
 */
export function memberRecord(name: string, votings: MemberVoting[]): MemberRecord {
  const wanted = name.trim();
  return memberRecords(votings).get(wanted) ?? emptyRecord(wanted);
}

/** A record with no votes, for a name no record holds. */
function emptyRecord(name: string): MemberRecord {
  return { name, votes: [], counts: { yes: 0, no: 0, other: 0, none: 0 }, minorityCount: 0 };
}

/**
 * Every member's record at once (what a district's member pages need): one sort and one pass over the records,
 * each record's majority worked out once, so the cost is the records times their members, never members × records
 * sorts.
 */
export function memberRecords(votings: MemberVoting[]): Map<string, MemberRecord> {
  const records = new Map<string, MemberRecord & { rest: MemberVoteRow[] }>();
  // Each table's member columns, as the voting tables draw them (boardMembers of that table's records).
  const columns = new Map<Voting['type'], string[]>();
  for (const type of new Set(votings.map((record) => record.type)))
    columns.set(type, boardMembers(votings.filter((record) => record.type === type)));
  for (const record of sortVotings(votings, DEFAULT_SORT)) {
    const cast = castVotes(record);
    const majority = majorityVotes(cast);
    // memberVote reads a member's first entry in a record (a repeated name is that one vote); a member of the table
    // the record does not name has '-' in their cell.
    for (const name of columns.get(record.type) ?? []) {
      let member = records.get(name);
      if (!member) records.set(name, (member = { ...emptyRecord(name), rest: [] }));
      const vote = memberVote(record, name);
      const kind = voteKind(vote);
      const theirs = cast.get(name);
      const minority = theirs !== undefined && majority.size > 0 && !majority.has(theirs);
      member.counts[kind] += 1;
      const row: MemberVoteRow = {
        id: record.id,
        date: record.voteDate,
        category: record.category,
        issue: record.issue,
        outcome: record.outcome,
        vote,
        kind,
        table: record.type,
        minority,
      };
      if (minority) {
        member.votes.push(row);
        member.minorityCount += 1;
      } else member.rest.push(row);
    }
  }
  const result = new Map<string, MemberRecord>();
  for (const [name, { rest, ...member }] of records) result.set(name, { ...member, votes: [...member.votes, ...rest] });
  return result;
}
