// 'Split votes': below the agreement table on the Voting tab, every record whose cast votes were not all the same,
// newest first, with who voted which way. The minority side is named in words ('Minority'), not by colour, and each
// record links to its row in the voting tables.
import { Fragment } from 'react';
import './SplitVotes.css';
import type { SplitVote } from '../agreement';
import { districtPath } from '../../lib/paths';
import { formatVoteDate, voteAnchor } from '../voteRecords';

interface Props {
  districtId: number;
  splits: SplitVote[];
  /** How many records the district has in all, for the '3 of 40 votes' line; omit to leave the line out. */
  recordCount?: number;
  /** Each member's page, by name, to link the names (from districtMembers); omit to show names only. */
  memberPaths?: Record<string, string>;
  /** Prefix of the element ids, unique on the page. */
  id?: string;
}

export default function SplitVotes({ districtId, splits, recordCount, memberPaths = {}, id = 'split-votes' }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section className="split-votes" aria-labelledby={headingId}>
      <h4 id={headingId}>Split votes</h4>
      {recordCount !== undefined && (
        <p className="split-summary">
          {splits.length} of {recordCount} recorded {recordCount === 1 ? 'vote was' : 'votes were'} split: the members who voted did not all vote the same way.
        </p>
      )}
      {splits.length === 0 ? (
        <p className="empty-state">No split votes: on every record, the members who voted all voted the same way.</p>
      ) : (
        <ol className="split-list">
          {splits.map((split) => (
            <li key={split.id} className="split-item">
              <p className="split-meta">
                {split.date ? <time dateTime={split.date}>{formatVoteDate(split.date)}</time> : 'Undated'}
                {split.category && <span> · {split.category}</span>}
              </p>
              <p className="split-issue">
                <a href={`${districtPath(districtId)}?tab=Voting#${voteAnchor(split.id)}`}>{split.issue || 'Untitled item'}</a>
              </p>
              {split.outcome && <p className="split-outcome">Outcome: {split.outcome}</p>}
              <ul className="split-sides">
                {split.sides.map((side) => (
                  <li key={side.vote} className={side.majority ? 'split-side' : 'split-side split-minority'}>
                    <strong>
                      {side.vote} ({side.names.length})
                    </strong>
                    {!side.majority && <span className="split-tag">Minority</span>}:{' '}
                    {side.names.map((name, k) => (
                      <Fragment key={name}>
                        {k > 0 && ', '}
                        {memberPaths[name] ? <a href={memberPaths[name]}>{name}</a> : name}
                      </Fragment>
                    ))}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
