// 'Split votes': below the agreement table on the Voting tab, every record whose cast votes were not all the same,
// newest first, with who voted which way. The minority side is named in words ('Minority'), not by colour, and each
// record links to its row in the voting tables.
import { Fragment } from 'react';
import './SplitVotes.css';
import RecordText, { withRecord } from './RecordText';
import type { SplitVote } from '../agreement';
import { districtPath, voteAnchor } from '../../lib/paths';
import { localizedPath } from '../../i18n/locales';
import { formatDate, recordLang, type Locale, type T } from '../words';
import { categoryText, outcomeText, voteText, type ShownWords } from '../../lib/record/boardWords';

/** The board's word in the page's language, or the record's as written, marked English. */
function Shown({ words }: { words: ShownWords }) {
  return <RecordText lang={words.lang}>{words.text}</RecordText>;
}

interface Props {
  districtId: number;
  splits: SplitVote[];
  /** How many records the district has in all, for the '3 of 40 votes' line; omit to leave the line out. */
  recordCount?: number;
  /** Each member's page, by name, to link the names (from districtMembers); omit to show names only. */
  memberPaths?: Record<string, string>;
  /** Prefix of the element ids, unique on the page. */
  id?: string;
  locale?: Locale;
  t: T;
}

export default function SplitVotes({
  districtId,
  splits,
  recordCount,
  memberPaths = {},
  id = 'split-votes',
  locale = 'en',
  t,
}: Props) {
  const headingId = `${id}-heading`;
  const lang = recordLang(locale);
  return (
    <section className="split-votes" aria-labelledby={headingId}>
      <h4 id={headingId}>{t('district.splits.heading')}</h4>
      {recordCount !== undefined && (
        <p className="split-summary">{t('district.splits.summary', { splits: splits.length, count: recordCount })}</p>
      )}
      {splits.length === 0 ? (
        <p className="empty-state">{t('district.splits.empty')}</p>
      ) : (
        <ol className="split-list">
          {splits.map((split) => (
            <li key={split.id} className="split-item">
              <p className="split-meta">
                {split.date ? (
                  <time dateTime={split.date}>{formatDate(locale, split.date, 'vote')}</time>
                ) : (
                  t('district.splits.undated')
                )}
                {split.category && (
                  <span>
                    {' · '}
                    <Shown words={categoryText(locale, t, split.category)} />
                  </span>
                )}
              </p>
              <p className="split-issue">
                <a
                  href={`${localizedPath(locale, districtPath(districtId))}?tab=Voting#${voteAnchor(split.id)}`}
                  lang={split.issue ? lang : undefined}
                >
                  {split.issue || t('district.splits.untitled')}
                </a>
              </p>
              {split.outcome && (
                <p className="split-outcome">
                  {locale === 'en'
                    ? `Outcome: ${split.outcome}`
                    : withRecord(
                        (outcome) => t('district.splits.outcome', { outcome }),
                        outcomeText(locale, t, split.outcome).lang,
                        outcomeText(locale, t, split.outcome).text,
                      )}
                </p>
              )}
              <ul className="split-sides">
                {split.sides.map((side) => (
                  <li key={side.vote} className={side.majority ? 'split-side' : 'split-side split-minority'}>
                    <strong>
                      <Shown words={voteText(locale, t, side.vote)} /> ({side.names.length})
                    </strong>
                    {!side.majority && <span className="split-tag">{t('district.splits.minority')}</span>}:{' '}
                    {side.names.map((name, k) => (
                      <Fragment key={name}>
                        {k > 0 && ', '}
                        {memberPaths[name] ? (
                          <a href={memberPaths[name]} lang={lang}>
                            {name}
                          </a>
                        ) : (
                          <RecordText lang={lang}>{name}</RecordText>
                        )}
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
