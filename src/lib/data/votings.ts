// The votings table: its row shape and validation (votes as an array or a JSON string; pages read votes through district_pages).
import * as z from 'zod/mini';
import { checkRow, optionalText, type Checked } from './validate';

export const TABLE = 'votings';

export const voteItemSchema = z.object({ name: z.string(), vote: z.string() });
export type VoteItem = z.infer<typeof voteItemSchema>;

const rawVotingSchema = z.object({
  id: z.number().check(z.int()),
  districtId: z.number().check(z.int()),
  type: z.enum(['recent', 'past']),
  voteDate: z._default(z.nullable(z.iso.date()), null),
  category: optionalText,
  issue: optionalText,
  outcome: optionalText,
  votes: z.unknown(),
});

export const votingSchema = z.extend(rawVotingSchema, { votes: z.array(voteItemSchema) });
export type Voting = z.infer<typeof votingSchema>;

/**
 * Reads the votes column: an array, or a JSON string parsing to one, of {name, vote}.
 * Anything else (an unparseable string, a wrong shape) is treated as empty; `ok` says whether it was usable.
 */
export function parseVotes(value: unknown): { votes: VoteItem[]; ok: boolean } {
  let parsed = value;
  if (value === null || value === undefined) return { votes: [], ok: true };
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { votes: [], ok: false };
    }
  }
  if (!Array.isArray(parsed)) return { votes: [], ok: false };
  const votes = parsed.flatMap((item) => {
    const result = voteItemSchema.safeParse(item);
    return result.success ? [result.data] : [];
  });
  return { votes, ok: votes.length === parsed.length };
}

/** Validates a votings row; unusable votes become an empty list (reported): the row still shows, with '-' for everyone. */
export function checkVoting(raw: unknown): Checked<Voting> {
  const { row, problems } = checkRow(rawVotingSchema, raw);
  if (!row) return { row: null, problems };
  const { votes, ok } = parseVotes(row.votes);
  return { row: { ...row, votes }, problems: ok ? [] : ['votes: not an array of {name, vote}; shown as no votes'] };
}
