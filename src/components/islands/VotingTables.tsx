// The Voting tab: 'Current Board Votes' and 'Past Board Votes', in the HTML sorted by date (newest first); the
// island makes every column header a sort button (a second click reverses), with aria-sort and an arrow.
import { useMemo, useState } from 'react';
import { DEFAULT_SORT, NO_VOTE, boardMembers, formatVoteDate, memberVote, nextSort, sortVotings, splitOutcome, voteTone, type SortKey, type VotingRow } from '../../lib/votings';
import '../../styles/district.css';

interface Column {
  key: SortKey;
  label: string;
  className: string;
}

function Outcome({ outcome }: { outcome: string | null }) {
  const { text, detail } = splitOutcome(outcome);
  return (
    <>
      <span className="outcome-text">{text}</span>
      {detail && <span className="outcome-detail">{detail}</span>}
    </>
  );
}

function VotingTable({ id, title, rows }: { id: string; title: string; rows: VotingRow[] }) {
  const [sort, setSort] = useState(DEFAULT_SORT);
  const members = useMemo(() => boardMembers(rows), [rows]);
  const sorted = useMemo(() => sortVotings(rows, sort), [rows, sort]);
  const headingId = `${id}-heading`;
  const columns: Column[] = [
    { key: 'date', label: 'Date', className: 'col-date' },
    { key: 'category', label: 'Category', className: 'col-category' },
    { key: 'issue', label: 'Issue (Brief Description)', className: 'col-issue' },
    { key: 'outcome', label: 'Outcome', className: 'col-outcome' },
    ...members.map((name): Column => ({ key: `member:${name}`, label: name, className: 'col-member' })),
  ];

  return (
    <div className="voting-section">
      <h3 id={headingId}>{title}</h3>
      {rows.length === 0 ? (
        <p className="empty-state">No votes found.</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className="voting-table" aria-labelledby={headingId} data-members={members.length}>
            <colgroup>
              {columns.map((column) => (
                <col key={column.key} className={column.className} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className={column.key.startsWith('member:') ? 'member-header' : undefined} aria-sort={sort.key === column.key ? sort.direction : undefined}>
                    <button type="button" className="sort-button" onClick={() => setSort((current) => nextSort(current, column.key))}>
                      {column.label}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sorted.map((row) => (
                <tr key={row.id}>
                  <td>{row.voteDate ? <time dateTime={row.voteDate}>{formatVoteDate(row.voteDate)}</time> : NO_VOTE}</td>
                  <td>{row.category}</td>
                  <td>{row.issue}</td>
                  <td className="outcome">
                    <Outcome outcome={row.outcome} />
                  </td>
                  {members.map((name) => {
                    const vote = memberVote(row, name);
                    const tone = vote === NO_VOTE ? 'none' : voteTone(vote);
                    return (
                      <td key={name} className={`vote vote-${tone}`}>
                        {vote}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export default function VotingTables({ recent, past }: { recent: VotingRow[]; past: VotingRow[] }) {
  return (
    <div className="voting-tables">
      <p className="voting-hint">Click any column header to sort by that column.</p>
      <VotingTable id="votes-recent" title="Current Board Votes" rows={recent} />
      <VotingTable id="votes-past" title="Past Board Votes" rows={past} />
    </div>
  );
}
