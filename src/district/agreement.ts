// Who votes together: how often each pair of members voted the same way, and the split votes behind it.
import type { Voting } from '../lib/data/votings';
import { boardMembers, DEFAULT_SORT, sortVotings } from './voteRecords';
import { castVotes, majorityVotes, type MemberVoting } from './boardMembers';

/** How one pair of members voted: on how many records both cast a vote, and on how many of those the same way. */
export interface PairAgreement {
  shared: number;
  same: number;
  /** A whole percentage of same/shared, or null when they share no votes (a percentage of nothing means nothing). */
  percent: number | null;
}

/** The members-by-members table: `cells[i][j]` is the pair (members[i], members[j]); the diagonal is each member with themself. */
export interface AgreementMatrix {
  members: string[];
  cells: PairAgreement[][];
}

/**
 * A whole percentage that never rounds to a claim the counts do not make: 199 of 200 is 99%, not 100%, and 1 of
 * 200 is 1%, not 0%; 100% and 0% mean always and never.
 */
export function agreementPercent(same: number, shared: number): number | null {
  if (shared <= 0) return null;
  if (same >= shared) return 100;
  if (same <= 0) return 0;
  return Math.min(99, Math.max(1, Math.round((100 * same) / shared)));
}

/**
 * How often each pair of members voted the same way, over every record where both cast a vote (an absence or no
 * vote recorded is left out; votes compare without case). Members default to every name in the records, in order
 * of first appearance. Work is per record times its members squared, so it stays cheap for any number of records.
 */
export function agreementMatrix(
  votings: Pick<Voting, 'votes'>[],
  members: string[] = boardMembers(votings),
): AgreementMatrix {
  const index = new Map(members.map((name, i) => [name, i]));
  const n = members.length;
  const shared = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const same = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const record of votings) {
    const cast = [...castVotes(record)].flatMap(([name, vote]) =>
      index.has(name) ? [[index.get(name)!, vote] as const] : [],
    );
    for (let a = 0; a < cast.length; a += 1) {
      for (let b = a; b < cast.length; b += 1) {
        const [i, voteI] = cast[a];
        const [j, voteJ] = cast[b];
        const agree = voteI === voteJ ? 1 : 0;
        shared[i][j] += 1;
        same[i][j] += agree;
        if (i !== j) {
          shared[j][i] += 1;
          same[j][i] += agree;
        }
      }
    }
  }
  const cells = shared.map((row, i) =>
    row.map((count, j) => ({ shared: count, same: same[i][j], percent: agreementPercent(same[i][j], count) })),
  );
  return { members, cells };
}

/** A cell as words: '80% of 5 votes', '100% of 1 vote', or 'No shared votes'. */
export function agreementText(cell: PairAgreement): string {
  if (cell.percent === null) return 'No shared votes';
  return `${cell.percent}% of ${cell.shared} ${cell.shared === 1 ? 'vote' : 'votes'}`;
}

/** One side of a split vote: the vote as first written, and who cast it. */
export interface VoteSide {
  vote: string;
  names: string[];
  /** True for the most common vote(s); false for the minority. */
  majority: boolean;
}

/** A record whose cast votes were not all the same. */
export interface SplitVote {
  id: number;
  date: string | null;
  category: string | null;
  issue: string | null;
  outcome: string | null;
  table: Voting['type'];
  /** The sides, largest first (ties in the order the record lists them). */
  sides: VoteSide[];
}

/** The split votes of a district, newest first as the voting tables order dates (undated last). */
export function splitVotes(votings: MemberVoting[]): SplitVote[] {
  const result: SplitVote[] = [];
  for (const record of sortVotings(votings, DEFAULT_SORT)) {
    const cast = castVotes(record);
    const majority = majorityVotes(cast);
    if (majority.size === 0) continue;
    const sides = new Map<string, VoteSide>();
    for (const [name, vote] of cast) {
      let side = sides.get(vote);
      if (!side) {
        const written = record.votes.find((item) => item.name.trim() === name)!.vote.trim();
        side = { vote: written, names: [], majority: majority.has(vote) };
        sides.set(vote, side);
      }
      side.names.push(name);
    }
    result.push({
      id: record.id,
      date: record.voteDate,
      category: record.category,
      issue: record.issue,
      outcome: record.outcome,
      table: record.type,
      sides: [...sides.values()].sort((a, b) => b.names.length - a.names.length),
    });
  }
  return result;
}
