// The meetings table: its row shape, validation, and the queries the site makes.
import { z } from 'zod';
import type { Db } from './client';
import { checkRow, QueryError, type Checked } from './validate';

export const TABLE = 'meetings';

export const meetingSchema = z.object({
  id: z.number().int(),
  districtId: z.number().int(),
  date: z.iso.date(),
  title: z.string().nullable().default(null),
  topics: z.union([z.array(z.string()), z.string()]).nullable().default(null),
  summary: z.string().nullable().default(null),
  meeting_type: z.string().nullable().default('normal'),
  isUpcoming: z.boolean().nullable().default(false),
  youtube_link: z.string().nullable().default(null),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** Validates a meetings row: without a valid date it cannot be placed and is left out. */
export function checkMeeting(raw: unknown): Checked<Meeting> {
  return checkRow(meetingSchema, raw);
}

/** Meetings: select all where districtId equals {id}, ordered by date descending. */
export async function fetchMeetings(db: Db, districtId: number): Promise<Meeting[]> {
  const { data, error } = await db.from(TABLE).select('*').eq('districtId', districtId).order('date', { ascending: false });
  if (error) throw new QueryError(TABLE, error.message);
  return (data ?? []).flatMap((raw) => checkMeeting(raw).row ?? []);
}
