// 'How often each topic came up': on the Topics tab, a static SVG made at build (one strip of twelve monthly bars per
// topic, each bar with its count written above it) and the same numbers in a real table beside it. The SVG is
// aria-hidden: the table carries every number to screen readers in a form they can move through cell by cell, so a
// second, flattened description of the picture would only repeat it.
import { Fragment } from 'react';
import './TopicTrendChart.css';
import { trendChartLayout, type TopicTrend } from '../charts';

interface Props {
  trend: TopicTrend;
  /** Prefix of the element ids, unique on the page. */
  id?: string;
}

export default function TopicTrendChart({ trend, id = 'topic-trend' }: Props) {
  if (trend.series.length === 0) return <p className="empty-state">No meeting has listed a topic yet.</p>;
  const layout = trendChartLayout(trend);
  const captionId = `${id}-caption`;
  const tableCaptionId = `${id}-table-caption`;
  const some = trend.topicCount > trend.series.length ? ` (the ${trend.series.length} topics listed most often, of ${trend.topicCount})` : '';
  return (
    <figure className="topic-trend" aria-labelledby={captionId}>
      <figcaption id={captionId}>
        How often each topic came up in the {trend.label} school year: meetings per month that listed it{some}.
      </figcaption>
      <svg className="topic-trend-chart" viewBox={`0 0 ${layout.width} ${layout.height}`} width={layout.width} height={layout.height} aria-hidden="true" focusable="false">
        {layout.strips.map((strip) => (
          <g key={strip.topic} className="trend-strip">
            <text className="trend-topic" x="4" y={strip.titleY}>
              {strip.topic} ({strip.total})
            </text>
            <line className="trend-baseline" x1="4" x2={layout.width - 4} y1={strip.baselineY} y2={strip.baselineY} />
            {/* No group per bar: a district page draws a hundred of them, and a group adds nothing a reader sees. */}
            {strip.bars.map((bar) => (
              <Fragment key={bar.x}>
                <rect className={bar.count === 0 ? 'trend-bar trend-bar-zero' : 'trend-bar'} x={bar.x} y={bar.y} width={bar.width} height={bar.height} />
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
          <caption id={tableCaptionId}>
            Meetings per month listing each topic, {trend.label}
          </caption>
          <thead>
            <tr>
              <th scope="col">Topic</th>
              {trend.months.map((month) => (
                <th key={month.name} scope="col">
                  <span aria-hidden="true">{month.short}</span>
                  <span className="visually-hidden">{month.name}</span>
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {trend.series.map((series) => (
              <tr key={series.topic}>
                <th scope="row">{series.topic}</th>
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
