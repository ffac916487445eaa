// 'Who votes together' as a heat map: a static SVG made at build, one square per pair of members, darker when they
// voted the same way more often, with the percentage and the number of shared votes written in every square, so the
// shade never carries meaning alone. Rows are named in full (numbered), columns carry the same numbers. The SVG is
// aria-hidden because AgreementTable, placed beside it, holds the same numbers as a real table with headers.
import { Fragment } from 'react';
import './AgreementHeatmap.css';
import type { AgreementMatrix } from '../agreement';
import { heatmapLayout } from '../charts';
import { percentText, recordLang, type Locale, type T } from '../words';

interface Props {
  matrix: AgreementMatrix;
  /** Prefix of the element ids, unique on the page. */
  id?: string;
  locale?: Locale;
  t: T;
}

export default function AgreementHeatmap({ matrix, id = 'agreement-heatmap', locale = 'en', t }: Props) {
  if (matrix.members.length < 2) return null;
  const layout =
    locale === 'en'
      ? heatmapLayout(matrix)
      : heatmapLayout(matrix, {
          percent: (percent) => percentText(locale, percent),
          of: (count) => t('district.heatmap.of', { count }),
        });
  const captionId = `${id}-caption`;
  const onDark = (level: number | null) => (level !== null && level >= 3 ? ' heatmap-on-dark' : '');
  return (
    <figure className="agreement-heatmap" aria-labelledby={captionId}>
      <figcaption id={captionId}>{t('district.heatmap.caption')}</figcaption>
      <svg
        className="heatmap-chart"
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        width={layout.width}
        height={layout.height}
        aria-hidden="true"
        focusable="false"
      >
        {layout.columns.map((column) => (
          <text
            key={`c${column.number}`}
            className="heatmap-column"
            x={column.x}
            y={layout.size > 30 ? 15 : 14}
            textAnchor="middle"
          >
            {column.number}
          </text>
        ))}
        {layout.rows.map((row) => (
          <text
            key={`r${row.number}`}
            className="heatmap-row"
            x="0"
            y={row.y}
            dominantBaseline="middle"
            lang={recordLang(locale)}
          >
            {row.label}
          </text>
        ))}
        {layout.cells.map((cell) => (
          <Fragment key={`${cell.row}-${cell.col}`}>
            <rect
              className={
                cell.self
                  ? 'heatmap-cell heatmap-self'
                  : cell.level === null
                    ? 'heatmap-cell heatmap-none'
                    : `heatmap-cell heatmap-level-${cell.level}`
              }
              x={cell.x + 1}
              y={cell.y + 1}
              width={cell.size - 2}
              height={cell.size - 2}
            />
            {cell.text && (
              <text
                className={`heatmap-value${onDark(cell.level)}`}
                x={cell.x + cell.size / 2}
                y={cell.y + cell.size / 2 - (cell.detail && layout.size >= 40 ? 4 : 0)}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {cell.text}
              </text>
            )}
            {cell.detail && layout.size >= 40 && (
              <text
                className={`heatmap-detail${onDark(cell.level)}`}
                x={cell.x + cell.size / 2}
                y={cell.y + cell.size / 2 + 10}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {cell.detail}
              </text>
            )}
          </Fragment>
        ))}
      </svg>
    </figure>
  );
}
