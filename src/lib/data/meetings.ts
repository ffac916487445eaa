// The meetings table: its row shape and validation (pages read meetings through district_pages).
import * as z from 'zod/mini';
import { checkRow, optionalText, type Checked } from './validate.ts';

/** Where a summary came from: staff wrote it, AI drafted it from the meeting video, or it was taken from the minutes. */
export const SUMMARY_SOURCES = ['staff', 'ai_video', 'minutes'] as const;
export type SummarySource = (typeof SUMMARY_SOURCES)[number];
/** Minutes are a draft until the board approves them. */
export const MINUTES_STATUSES = ['draft', 'approved'] as const;

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
  // What a parent needs to trust the record (absent from the documents of meetings that have none of it).
  /** When the meeting starts (HH:MM) in time_zone; null when the time is not known. */
  start_time: z._default(z.nullable(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/))), null),
  /** The IANA time zone of start_time (America/Los_Angeles). */
  time_zone: optionalText,
  /** The official agenda (https, or http as the district publishes it). */
  agenda_url: optionalText,
  /** The official minutes (https or http), draft or approved as minutes_status says. */
  minutes_url: optionalText,
  minutes_status: z._default(z.nullable(z.enum(MINUTES_STATUSES)), null),
  /** The full recording of the meeting (https or http), wherever the district keeps it. */
  full_video_url: optionalText,
  /** Where the summary came from: written by staff, drafted with AI from the meeting video, taken from the minutes. */
  summary_source: z._default(z.nullable(z.enum(SUMMARY_SOURCES)), null),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** Validates a meetings row: without a valid date it cannot be placed and is left out. */
export function checkMeeting(raw: unknown): Checked<Meeting> {
  return checkRow(meetingSchema, raw);
}
