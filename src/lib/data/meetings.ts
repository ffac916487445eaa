// The meetings table: its row shape and validation (pages read meetings through district_pages).
import * as z from 'zod/mini';
import { checkRow, optionalText, type Checked } from './validate';

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
  // How many times the meeting changed (the calendar feed's SEQUENCE); kept by the database.
  sequence: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});
export type Meeting = z.infer<typeof meetingSchema>;


/** Validates a meetings row: without a valid date it cannot be placed and is left out. */
export function checkMeeting(raw: unknown): Checked<Meeting> {
  return checkRow(meetingSchema, raw);
}

