// 'How often each topic came up': on the Topics tab, a static SVG made at build (one strip of twelve monthly bars per
// topic, each bar with its count written above it) and the same numbers in a real table beside it. The SVG is
// aria-hidden: the table carries every number to screen readers in a form they can move through cell by cell, so a
// second, flattened description of the picture would only repeat it.
import { Fragment } from 'react';
import './TopicTrendChart.css';
import { trendChartLayout, type TopicTrend, type TrendMonth } from '../charts';
import { monthWords, recordLang, type Locale, type T } from '../words';

interface Props {
  trend: TopicTrend;
  /** Prefix of the element ids, unique on the page. */
  id?: string;
  locale?: Locale;
  t: T;
}

/** A month's words in the page's language: English's as the chart computed them, Intl's otherwise ('jul', '7月'). */
const monthIn = (locale: Locale, month: TrendMonth) => (locale === 'en' ? month : monthWords(locale, month.key));

export default function TopicTrendChart({ trend, id = 'topic-trend', locale = 'en', t }: Props) {
  if (trend.series.length === 0) return <p className="empty-state">{t('district.trend.empty')}</p>;
  const lang = recordLang(locale);
  const months = trend.months.map((month) => monthIn(locale, month));
  const layout = trendChartLayout(
    locale === 'en'
      ? trend
      : { ...trend, months: trend.months.map((month, i) => ({ ...month, initial: months[i].initial })) },
  );
  const captionId = `${id}-caption`;
  const tableCaptionId = `${id}-table-caption`;
  const caption =
    trend.topicCount > trend.series.length
      ? t('district.trend.captionSome', { year: trend.label, shown: trend.series.length, total: trend.topicCount })
      : t('district.trend.caption', { year: trend.label });
  return (
    <figure className="topic-trend" aria-labelledby={captionId}>
      <figcaption id={captionId}>{caption}</figcaption>
      <svg
        className="topic-trend-chart"
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        width={layout.width}
        height={layout.height}
        aria-hidden="true"
        focusable="false"
      >
        {layout.strips.map((strip) => (
          <g key={strip.topic} className="trend-strip">
            <text className="trend-topic" x="4" y={strip.titleY} lang={lang}>
              {strip.topic} ({strip.total})
            </text>
            <line className="trend-baseline" x1="4" x2={layout.width - 4} y1={strip.baselineY} y2={strip.baselineY} />
            {/* No group per bar: a district page draws a hundred of them, and a group adds nothing a reader sees. */}
            {strip.bars.map((bar) => (
              <Fragment key={bar.x}>
                <rect
                  className={bar.count === 0 ? 'trend-bar trend-bar-zero' : 'trend-bar'}
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                />
                {bar.count > 0 && (
                  <text className="trend-count" x={bar.x + bar.width / 2} y={bar.labelY} textAnchor="middle">
                    {bar.count}
                  </text>
                )}
                <text className="trend-month" x={bar.x + bar.width / 2} y={bar.initialY} textAnchor="middle">
                  {bar.initial}
                </text>
              </Fragment>
            ))}
          </g>
        ))}
      </svg>
      <div className="trend-table-scroll" role="region" aria-labelledby={tableCaptionId} tabIndex={0}>
        <table className="trend-table">
          <caption id={tableCaptionId}>{t('district.trend.tableCaption', { year: trend.label })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('district.trend.topic')}</th>
              {months.map((month) => (
                <th key={month.name} scope="col">
                  <span aria-hidden="true">{month.short}</span>
                  <span className="visually-hidden">{month.name}</span>
                </th>
              ))}
              <th scope="col">{t('district.trend.total')}</th>
            </tr>
          </thead>
          <tbody>
            {trend.series.map((series) => (
              <tr key={series.topic}>
                <th scope="row" lang={lang}>
                  {series.topic}
                </th>
                {series.counts.map((count, at) => (
                  <td key={at}>{count}</td>
                ))}
                <td>{series.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
