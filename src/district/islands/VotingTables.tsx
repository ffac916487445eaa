// The Voting tab: 'Current Board Votes' and 'Past Board Votes', in the HTML sorted by date (newest first); the
// island makes every column header a sort button (a second click reverses), with aria-sort and an arrow. Under 768 px
// each vote reads top to bottom as a card (CSS: each cell labelled by its column, members' names written across),
// sorted with a 'Sort by' control for the same columns. On a built page the island loads on the first interaction
// with it: until then the board script marks the chosen column (aria-sort, with its arrow), and when the island wakes
// it takes that column over (takeOverSort) and sorts.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Catalogue } from '../../i18n/translate';
import { localizedPath } from '../../i18n/locales';
import { compareText, districtWords, formatDate, recordLang, type Locale, type T } from '../words';
import {
  DEFAULT_SORT,
  NO_VOTE_RECORDED,
  boardMembers,
  memberVote,
  nextSort,
  sortDirectionLabel,
  sortVotings,
  voteTone,
  type SortDirection,
  type SortKey,
  type SortState,
  type VotingRow,
} from '../voteRecords';
import { NO_VOTE } from '../../lib/record/outcomes';
import { categoryText, outcomeParts, voteText } from '../../lib/record/boardWords';
import { voteAnchor } from '../../lib/paths';
import '../view/district.css';
import './VotingTables.css';

interface Column {
  key: SortKey;
  label: string;
  className: string;
}

/** What the phone's sort control calls each direction of a column, in the page's language (see sortDirectionLabel). */
function directionLabel(t: T, key: SortKey, direction: SortDirection): string {
  if (key === 'date') return t(direction === 'descending' ? 'district.voting.newest' : 'district.voting.oldest');
  return t(direction === 'ascending' ? 'district.voting.aToZ' : 'district.voting.zToA');
}

/** An outcome on two lines ('Aprobada' over '(4-1)'), in the page's language where it is the board's vocabulary. */
function Outcome({ outcome, locale, t }: { outcome: string | null; locale: Locale; t: T }) {
  const { text, detail } = outcomeParts(locale, t, outcome);
  return (
    <>
      <span className="outcome-text" lang={text.lang}>
        {text.text}
      </span>
      {detail && (
        <span className="outcome-detail" lang={detail.lang}>
          {detail.text}
        </span>
      )}
    </>
  );
}

/** Each member's page by name: their column header links to it. */
type MemberPaths = Record<string, string>;

/** A small link to a member's page under their name; its name is said in words, its text stays the member's alone. */
function MemberLink({ name, path, t }: { name: string; path: string; t: T }) {
  const label = t('district.voting.memberLink', { name });
  return (
    <a className="member-link" href={path} aria-label={label} title={label}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-5 6c0-2.5 2.2-4 5-4s5 1.5 5 4v1H3v-1Z" fill="currentColor" />
      </svg>
    </a>
  );
}

/** The sort the board script showed on this table's headers before the island woke, or null when there is none. */
function adoptedSort(table: HTMLTableElement | null): SortState | null {
  const header = table?.querySelector<HTMLElement>('th[aria-sort][data-sort-key]');
  const direction = header?.getAttribute('aria-sort');
  if (!header || (direction !== 'ascending' && direction !== 'descending')) return null;
  return { key: header.dataset.sortKey as SortKey, direction };
}

/**
 * The board script's sort, the first time it is asked for (null after, or when there is none). The island's effect
 * asks as it wakes; a press made while the island hydrates is answered once React forces hydration through, which may
 * be before that effect, and it asks too: the press then starts from the sort the reader saw, so a second press on a
 * header sorted while the island slept reverses it instead of sorting it the same way again.
 */
function takeOverSort(tookOver: RefObject<boolean>, table: RefObject<HTMLTableElement | null>): SortState | null {
  if (tookOver.current) return null;
  tookOver.current = true;
  return adoptedSort(table.current);
}

interface TableProps {
  id: string;
  title: string;
  rows: VotingRow[];
  memberPaths: MemberPaths;
  locale: Locale;
  t: T;
}

function VotingTable({ id, title, rows, memberPaths, locale, t }: TableProps) {
  const lang = recordLang(locale);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const table = useRef<HTMLTableElement>(null);
  // The board script's sort is taken over once: by the first effect, or by a press React answers before it.
  const tookOver = useRef(false);
  useEffect(() => {
    const adopted = takeOverSort(tookOver, table);
    if (adopted && (adopted.key !== DEFAULT_SORT.key || adopted.direction !== DEFAULT_SORT.direction)) setSort(adopted);
  }, []);
  const members = useMemo(() => boardMembers(rows), [rows]);
  const sorted = useMemo(
    () => (locale === 'en' ? sortVotings(rows, sort) : sortVotings(rows, sort, compareText(locale))),
    [rows, sort, locale],
  );
  const headingId = `${id}-heading`;
  const columns: Column[] = [
    { key: 'date', label: t('district.voting.date'), className: 'col-date' },
    { key: 'category', label: t('district.voting.category'), className: 'col-category' },
    { key: 'issue', label: t('district.voting.issue'), className: 'col-issue' },
    { key: 'outcome', label: t('district.voting.outcome'), className: 'col-outcome' },
    ...members.map((name): Column => ({ key: `member:${name}`, label: name, className: 'col-member' })),
  ];

  const sortId = `${id}-sort`;
  return (
    <div className="voting-section">
      <h3 id={headingId}>{title}</h3>
      {rows.length === 0 ? (
        <p className="empty-state">{t('district.voting.empty')}</p>
      ) : (
        <>
          {/* On a phone the headers are not shown: the same sorting, as a control. */}
          <div className="phone-sort">
            <label htmlFor={`${sortId}-key`}>{t('district.voting.sortBy')}</label>
            <select
              id={`${sortId}-key`}
              data-sort-control="key"
              value={sort.key}
              onChange={(event) => {
                // A column chosen here replaces whatever the board script showed.
                takeOverSort(tookOver, table);
                setSort({
                  key: event.target.value as SortKey,
                  direction: event.target.value === 'date' ? 'descending' : 'ascending',
                });
              }}
            >
              {columns.map((column) => (
                <option key={column.key} value={column.key} lang={column.key.startsWith('member:') ? lang : undefined}>
                  {column.label}
                </option>
              ))}
            </select>
            <label htmlFor={`${sortId}-direction`}>{t('district.voting.order')}</label>
            <select
              id={`${sortId}-direction`}
              data-sort-control="direction"
              value={sort.direction}
              onChange={(event) =>
                setSort({
                  key: (takeOverSort(tookOver, table) ?? sort).key,
                  direction: event.target.value as SortDirection,
                })
              }
            >
              {(['descending', 'ascending'] as const).map((direction) => (
                <option key={direction} value={direction}>
                  {locale === 'en' ? sortDirectionLabel(sort.key, direction) : directionLabel(t, sort.key, direction)}
                </option>
              ))}
            </select>
          </div>
          <div className="table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
            {/* Explicit roles: on a phone the rows are laid out as cards, and the table must stay a table to screen readers. */}
            <table
              ref={table}
              role="table"
              className="voting-table"
              aria-labelledby={headingId}
              data-members={members.length}
            >
              <colgroup>
                {columns.map((column) => (
                  <col key={column.key} className={column.className} />
                ))}
              </colgroup>
              {/* On a phone the header row is out of sight but still the table's column headers to screen readers (the roles keep the table a table). */}
              <thead role="rowgroup" className="visually-hidden-phone">
                <tr role="row">
                  {columns.map((column) => (
                    <th
                      key={column.key}
                      role="columnheader"
                      scope="col"
                      className={column.key.startsWith('member:') ? 'member-header' : undefined}
                      data-sort-key={column.key}
                      aria-sort={sort.key === column.key ? sort.direction : undefined}
                      // A member's header is named by the member alone, though it also holds the link to their page.
                      aria-label={
                        column.key.startsWith('member:') && memberPaths[column.label] ? column.label : undefined
                      }
                    >
                      <button
                        type="button"
                        className="sort-button"
                        lang={column.key.startsWith('member:') ? lang : undefined}
                        onClick={() => setSort((current) => nextSort(current, column.key))}
                      >
                        {column.label}
                      </button>
                      {column.key.startsWith('member:') && memberPaths[column.label] && (
                        <MemberLink name={column.label} path={localizedPath(locale, memberPaths[column.label])} t={t} />
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {sorted.map((row) => (
                  <tr key={row.id} role="row" id={voteAnchor(row.id)}>
                    <td role="cell" className="cell-date" data-label={t('district.voting.date')}>
                      {row.voteDate ? (
                        <time dateTime={row.voteDate}>{formatDate(locale, row.voteDate, 'vote')}</time>
                      ) : (
                        NO_VOTE
                      )}
                    </td>
                    <td
                      role="cell"
                      className="cell-category"
                      data-label={t('district.voting.category')}
                      lang={row.category ? categoryText(locale, t, row.category).lang : undefined}
                    >
                      {row.category && categoryText(locale, t, row.category).text}
                    </td>
                    <td role="cell" className="cell-issue" data-label={t('district.voting.issueShort')} lang={lang}>
                      {row.issue}
                    </td>
                    <td role="cell" className="outcome" data-label={t('district.voting.outcome')}>
                      <Outcome outcome={row.outcome} locale={locale} t={t} />
                    </td>
                    {members.map((name) => {
                      const vote = memberVote(row, name);
                      if (vote === NO_VOTE) {
                        // '-' where the member has no vote; announced as what it means (the ::after's alternative text).
                        return (
                          <td
                            key={name}
                            role="cell"
                            className="vote vote-none"
                            data-label={name}
                            data-no-vote={locale === 'en' ? NO_VOTE_RECORDED : t('district.voting.noVote')}
                          >
                            <span aria-hidden="true">{vote}</span>
                          </td>
                        );
                      }
                      return (
                        <td
                          key={name}
                          role="cell"
                          className={`vote vote-${voteTone(vote)}`}
                          data-label={name}
                          lang={voteText(locale, t, vote).lang}
                        >
                          {voteText(locale, t, vote).text}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

interface Props {
  recent: VotingRow[];
  past: VotingRow[];
  memberPaths?: MemberPaths;
  /** The page's language. */
  locale?: Locale;
  /** This island's messages in that language (VOTING_TABLES_KEYS, picked from its catalogue). */
  messages: Catalogue;
}

export default function VotingTables({ recent, past, memberPaths = {}, locale = 'en', messages }: Props) {
  const t = useMemo(() => districtWords(locale, messages), [locale, messages]);
  return (
    <div className="voting-tables">
      {/* Where the column headers are shown; on a phone the 'Sort by' control above each table does the sorting. */}
      <p className="voting-hint">{t('district.voting.hint')}</p>
      <p className="voting-legend">
        <span className="voting-legend-mark" aria-hidden="true">
          {NO_VOTE}
        </span>{' '}
        {/* Said in words to screen readers too: each '-' cell is announced as what it means. */}
        <span>{t('district.voting.legend')}</span>
      </p>
      <VotingTable
        id="votes-recent"
        title={t('district.voting.recent')}
        rows={recent}
        memberPaths={memberPaths}
        locale={locale}
        t={t}
      />
      <VotingTable
        id="votes-past"
        title={t('district.voting.past')}
        rows={past}
        memberPaths={memberPaths}
        locale={locale}
        t={t}
      />
    </div>
  );
}
