// 'Follow this board': the district's feeds (summaries as RSS, meetings as a calendar) and its open data, beside the
// email subscription that follows it on the page. Plain links: a feed reader or calendar app takes it from there.
import './FollowBoard.css';
import type { District } from '../../lib/data/districts';
import { meetingsCalendarPath, summariesFeedPath } from './feeds';
import { voteEventsPath, votesCsvPath } from './openData';

export default function FollowBoard({ district }: { district: Pick<District, 'id' | 'name'> }) {
  return (
    <section className="follow-board" aria-labelledby="follow-heading">
      <h2 id="follow-heading">Follow this board</h2>
      <ul>
        <li>
          <a href={summariesFeedPath(district.id)} type="application/rss+xml">
            Meeting summaries (RSS feed)
          </a>{' '}
          for your feed reader
        </li>
        <li>
          <a href={meetingsCalendarPath(district.id)} type="text/calendar">
            Board meetings (iCalendar)
          </a>{' '}
          for your calendar app
        </li>
        <li>
          <a href="#subscribe-heading">Summaries by email</a>: subscribe below
        </li>
        <li>
          Every vote as open data:{' '}
          <a href={votesCsvPath(district.id)} type="text/csv" download>
            CSV
          </a>{' '}
          or{' '}
          <a href={voteEventsPath(district.id)} type="application/json">
            JSON (Open Civic Data)
          </a>
        </li>
      </ul>
    </section>
  );
}
