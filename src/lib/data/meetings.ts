// The meetings table: its row shape, validation, and the queries the site makes.
import * as z from 'zod/mini';
import type { Db } from './client';
import { checkRow, optionalText, QueryError, type Checked } from './validate';

export const TABLE = 'meetings';

export const meetingSchema = z.object({
  id: z.number().check(z.int()),
  districtId: z.number().check(z.int()),
  date: z.iso.date(),
  title: optionalText,
  topics: z._default(z.nullable(z.union([z.array(z.string()), z.string()])), null),
  summary: optionalText,
  meeting_type: z._default(z.nullable(z.string()), 'normal'),
  isUpcoming: z._default(z.nullable(z.boolean()), false),
  youtube_link: optionalText,
});
export type Meeting = z.infer<typeof meetingSchema>;

/** The columns read, named (the tables of the record also hold search_vector, the search index, which pages never need). */
export const COLUMNS = Object.keys(meetingSchema.shape).join(',');

/** Validates a meetings row: without a valid date it cannot be placed and is left out. */
export function checkMeeting(raw: unknown): Checked<Meeting> {
  return checkRow(meetingSchema, raw);
}

/** Meetings: select all where districtId equals {id}, ordered by date descending. */
export async function fetchMeetings(db: Db, districtId: number): Promise<Meeting[]> {
  const { data, error } = await db.from(TABLE).select(COLUMNS).eq('districtId', districtId).order('date', { ascending: false });
  if (error) throw new QueryError(TABLE, error.message);
  return (data ?? []).flatMap((raw) => checkMeeting(raw).row ?? []);
}
