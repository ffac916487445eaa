// A meeting's official records (agenda, minutes, full video) and its start in time: what a parent needs to trust the
// record, named the same wherever the site lists it (feeds, open data, the meeting's card).
import type { Meeting } from './data/meetings';

/** A meeting's official records: its agenda, its minutes and its full video. */
export type OfficialSources = Pick<Meeting, 'date' | 'agenda_url' | 'minutes_url' | 'minutes_status' | 'full_video_url'>;

/** How an official record is named wherever the site lists it (feeds, open data, the meeting's card). */
export function minutesLabel(status: Meeting['minutes_status']): string {
  return status === 'approved' ? 'Minutes (approved)' : status === 'draft' ? 'Minutes (draft)' : 'Minutes';
}

/** The official records of a meeting, as Open Civic Data sources (url and note), in the order agenda, minutes, video. */
export function officialSources(meeting: OfficialSources | undefined): { url: string; note: string }[] {
  if (!meeting) return [];
  return [
    meeting.agenda_url ? { url: meeting.agenda_url, note: 'Agenda' } : null,
    meeting.minutes_url ? { url: meeting.minutes_url, note: minutesLabel(meeting.minutes_status) } : null,
    meeting.full_video_url ? { url: meeting.full_video_url, note: 'Full meeting video' } : null,
  ].filter((source): source is { url: string; note: string } => source !== null);
}

/** The minutes a wall-clock time in a zone is ahead of UTC at an instant (-420 for Los Angeles in June). */
function zoneOffsetMinutes(instant: number, zone: string): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((wall - instant) / 60_000);
}

/**
 * A meeting's start from its date, time (HH:MM) and IANA zone: the instant, and the ISO 8601 form with its offset
 * ('2025-06-17T18:00:00-07:00'). Null when the zone is unknown. A time that a clock change skips is read an hour on.
 */
export function zonedStart(date: string, time: string, zone: string): { instant: Date; iso: string } | null {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let offset: number;
  try {
    offset = zoneOffsetMinutes(wall, zone);
    offset = zoneOffsetMinutes(wall - offset * 60_000, zone);
  } catch {
    return null;
  }
  const instant = new Date(wall - offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { instant, iso: `${date}T${pad(hour)}:${pad(minute)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}` };
}

/**
 * The primary IANA time zone of each state, district and territory (the zone most of its people live in: Central
 * for Tennessee, Eastern for Kentucky and Indiana, Mountain for Idaho's capital). Dates in the table are dates only,
 * so this only tells a calendar which day it is in; it never moves a time.
 */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', PR: 'America/Puerto_Rico', GU: 'Pacific/Guam', VI: 'America/St_Thomas', AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
};

/** The time zone of a district's state (its two-letter code, any case), or null when the state is unknown. */
export function stateTimeZone(state: string | null | undefined): string | null {
  return STATE_TIME_ZONES[state?.trim().toUpperCase() ?? ''] ?? null;
}
