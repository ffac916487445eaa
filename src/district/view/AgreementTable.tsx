// 'Who votes together' as a real table: members by members, each cell the percentage of the votes both cast on which
// the pair voted the same way, with the count it rests on ('80% of 5 votes'). Headers are <th scope> so a screen
// reader names the pair in every cell. On a phone each member's row reads as a card (each cell labelled with the other
// member's name), so nothing scrolls sideways; the explicit roles keep it a table to screen readers.
import './AgreementTable.css';
import { agreementText, type AgreementMatrix } from '../agreement';
import { percentText, recordLang, type Locale, type T } from '../words';

interface Props {
  matrix: AgreementMatrix;
  /** Each member's page, by name, to link the headers (from districtMembers); omit to show names only. */
  memberPaths?: Record<string, string>;
  /** Prefix of the element ids, unique on the page. */
  id?: string;
  locale?: Locale;
  t: T;
}

function MemberName({ name, path, lang }: { name: string; path: string | undefined; lang: 'en' | undefined }) {
  return path ? (
    <a href={path} lang={lang}>
      {name}
    </a>
  ) : lang ? (
    <span lang={lang}>{name}</span>
  ) : (
    <>{name}</>
  );
}

export default function AgreementTable({ matrix, memberPaths = {}, id = 'agreement-table', locale = 'en', t }: Props) {
  if (matrix.members.length < 2) return <p className="empty-state">{t('district.agreement.tooFew')}</p>;
  const lang = recordLang(locale);
  const captionId = `${id}-caption`;
  const noteId = `${id}-note`;
  return (
    <>
      <p className="agreement-note" id={noteId}>
        {t('district.agreement.note')}
      </p>
      <div className="agreement-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="agreement-table" role="table" aria-describedby={noteId}>
          <caption id={captionId}>{t('district.agreement.caption')}</caption>
          <thead role="rowgroup" className="visually-hidden-phone">
            <tr role="row">
              <td role="cell"></td>
              {matrix.members.map((name) => (
                <th key={name} role="columnheader" scope="col">
                  <MemberName name={name} path={memberPaths[name]} lang={lang} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {matrix.members.map((name, i) => (
              <tr key={name} role="row">
                <th role="rowheader" scope="row">
                  <MemberName name={name} path={memberPaths[name]} lang={lang} />
                </th>
                {matrix.cells[i].map((cell, j) =>
                  i === j ? (
                    <td key={j} role="cell" className="agreement-self">
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">{t('district.agreement.self')}</span>
                    </td>
                  ) : cell.percent === null ? (
                    <td key={j} role="cell" className="agreement-none" data-label={matrix.members[j]}>
                      {locale === 'en' ? agreementText(cell) : t('district.agreement.none')}
                    </td>
                  ) : (
                    <td key={j} role="cell" data-label={matrix.members[j]}>
                      <span className="agreement-percent">
                        {locale === 'en' ? `${cell.percent}%` : percentText(locale, cell.percent)}
                      </span>{' '}
                      <span className="agreement-count">{t('district.agreement.of', { count: cell.shared })}</span>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
