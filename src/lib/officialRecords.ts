// A meeting's official records (agenda, minutes, full video) and its start in time: what a parent needs to trust the
// record, named the same wherever the site lists it (feeds, open data, the meeting's card).
import type { Meeting } from './data/meetings';

/** A meeting's official records: its agenda, its minutes and its full video. */
export type OfficialSources = Pick<
  Meeting,
  'date' | 'agenda_url' | 'minutes_url' | 'minutes_status' | 'full_video_url'
>;

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
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
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
