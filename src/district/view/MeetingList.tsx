// The meeting cards. Rendered to plain HTML on the district page (no React in the browser: Expand/Minimize and share
// are handled by the page's board script, browser/boardScript.ts, and time stamps by browser/videoTimestamps.ts) and
// by LiveDistrict for later districts.
import { meetingShareUrl, meetingToggleTarget, meetingToggleVerb, type MeetingCardData } from '../meetingCards';
import { ShareIcon } from '../../components/icons';
import './district.css';
import './MeetingList.css';

function MeetingCard({ card }: { card: MeetingCardData }) {
  const titleId = `meeting-${card.id}-title`;
  const summaryId = `meeting-${card.id}-summary`;
  return (
    <article className="meeting-card" id={card.anchor ?? undefined} aria-labelledby={titleId} data-youtube-link={card.youtubeLink ?? undefined}>
      <div className="meeting-card-head">
        <h3 id={titleId}>{card.title}</h3>
        <p className="meeting-meta">
          <time dateTime={card.isoDate}>{card.date}</time>
          {card.upcoming && <span className="badge">Upcoming</span>}
        </p>
        {!card.upcoming && card.anchor && (
          <button type="button" className="icon-button share-button" data-share-path={meetingShareUrl('', card.anchor)} aria-label={`Copy a link to ${card.title} on ${card.date}`}>
            <ShareIcon />
          </button>
        )}
      </div>
      {card.topics && (
        <>
          <h4 className="meeting-topics-heading">Topics:</h4>
          <p className="meeting-topics">{card.topics}</p>
        </>
      )}
      {card.records.length > 0 && (
        <ul className="meeting-records">
          {card.records.map((record) => (
            <li key={record.label}>
              <a href={record.url}>
                {record.label}
                <span className="visually-hidden">{meetingToggleTarget(card)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {/* Every card has its Expand/Minimize control; a meeting without a summary expands to say so. */}
      <button type="button" className="button secondary meeting-toggle" aria-expanded="false" aria-controls={summaryId}>
        <span className="meeting-toggle-verb">{meetingToggleVerb(false)}</span>
        <span className="visually-hidden">{meetingToggleTarget(card)}</span>
      </button>
      {card.summaryHtml ? (
        <div className="meeting-summary" id={summaryId} hidden>
          {card.summarySource && <p className="meeting-summary-source">{card.summarySource}</p>}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: card.summaryHtml }} />
        </div>
      ) : (
        <div className="meeting-summary" id={summaryId} hidden>
          <p className="meeting-no-summary">No summary available yet.</p>
        </div>
      )}
    </article>
  );
}

export default function MeetingList({ cards }: { cards: MeetingCardData[] }) {
  if (cards.length === 0) return <p className="empty-state">No meetings found.</p>;
  return (
    <ol className="meeting-list">
      {cards.map((card) => (
        <li key={card.id}>
          <MeetingCard card={card} />
        </li>
      ))}
    </ol>
  );
}
