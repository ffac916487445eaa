// A meeting card's official records and the summary's source line: which links a card shows, in which words.
import { describe, expect, it } from 'vitest';
import { meetingRecordLinks, summarySourceLine } from '../meetingSources';

const AGENDA = 'https://example.org/agendas/2025-06-17';
const MINUTES = 'https://example.org/minutes/2025-06-17';
const VIDEO = 'https://example.org/video/2025-06-17';

describe('meetingRecordLinks: agenda, minutes and full video, each when the meeting has it', () => {
  it.each([
    ['none of them: no link at all', {}, []],
    [
      'all nulls: no link at all',
      { agenda_url: null, minutes_url: null, minutes_status: null, full_video_url: null },
      [],
    ],
    ['an agenda only', { agenda_url: AGENDA }, [['Agenda', AGENDA]]],
    ['approved minutes', { minutes_url: MINUTES, minutes_status: 'approved' }, [['Minutes (approved)', MINUTES]]],
    ['draft minutes', { minutes_url: MINUTES, minutes_status: 'draft' }, [['Minutes (draft)', MINUTES]]],
    ['minutes not marked either way', { minutes_url: MINUTES }, [['Minutes', MINUTES]]],
    ['a status without minutes: nothing to link', { minutes_status: 'approved' }, []],
    ['the full video only', { full_video_url: VIDEO }, [['Watch the full meeting', VIDEO]]],
    [
      'all three, always in the order agenda, minutes, video',
      { full_video_url: VIDEO, minutes_url: MINUTES, minutes_status: 'approved', agenda_url: AGENDA },
      [
        ['Agenda', AGENDA],
        ['Minutes (approved)', MINUTES],
        ['Watch the full meeting', VIDEO],
      ],
    ],
    ['an address with spaces around it is trimmed', { agenda_url: `  ${AGENDA} ` }, [['Agenda', AGENDA]]],
    ['a blank address is no link', { agenda_url: '   ' }, []],
    ['javascript: is no link', { agenda_url: 'javascript:alert(1)' }, []],
    ['a javascript: address is no link', { minutes_url: 'javascript:alert(1)', minutes_status: 'draft' }, []],
    ['a data: address is no link', { full_video_url: 'data:text/html,<script>x</script>' }, []],
  ] as const)('%s', (_label, meeting, expected) => {
    expect(meetingRecordLinks(meeting).map(({ label, url }) => [label, url])).toEqual(expected);
  });
});

describe('summarySourceLine: where the summary came from, only above a summary', () => {
  it.each([
    ['drafted with AI from the video', 'ai_video', true, 'Summary drafted with AI from the meeting video'],
    ['written by staff', 'staff', true, 'Summary written by staff'],
    ['taken from the minutes', 'minutes', true, 'Summary taken from the minutes'],
    ['no source recorded', null, true, null],
    ['source unknown (an older row)', undefined, true, null],
    ['a source but no summary to name', 'staff', false, null],
  ] as const)('%s', (_label, source, hasSummary, expected) => {
    expect(summarySourceLine(source, hasSummary)).toBe(expected);
  });
});
