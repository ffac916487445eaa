// The district header (image, name, address, enrollment, phone), drawn by DistrictBody; a broken image falls back to
// the default one (ImageFallback.astro on the built page, onError on the live one). The district's name and address
// are record data, in English; on a translated page the line below says so.
import type { SyntheticEvent } from 'react';
import type { District } from '../../lib/data/districts';
import { formatEnrollment, orNotListed } from '../../lib/format';
import { districtImage, DEFAULT_DISTRICT_IMAGE } from '../../lib/paths';
import type { RecordSpan } from '../recordSpan';
import { countText, formatDate, recordLang, type Locale, type T } from '../words';
import './district.css';
import './DistrictHeader.css';

/** A broken district image falls back to the default one (in the browser-rendered header; the static one uses a script). */
function showDefaultImage(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(DEFAULT_DISTRICT_IMAGE)) img.src = DEFAULT_DISTRICT_IMAGE;
}

/**
 * The records line, dates written long ('Records from June 3, 2024 to June 17, 2025, last updated June 20, 2025'),
 * without the last part when that date is not known, and 'Records of {date}' when there is one date.
 */
export function recordsLineIn(locale: Locale, t: T, span: RecordSpan): string {
  const range =
    span.first === span.last
      ? t('district.records.one', { date: formatDate(locale, span.first, 'long') })
      : t('district.records.range', {
          first: formatDate(locale, span.first, 'long'),
          last: formatDate(locale, span.last, 'long'),
        });
  return span.updatedAt
    ? t('district.records.updated', { range, date: formatDate(locale, span.updatedAt, 'long') })
    : range;
}

interface Props {
  district: District;
  /** Whether the district has any meeting or vote on the site. */
  hasRecords: boolean;
  span: RecordSpan | null;
  locale?: Locale;
  t: T;
}

export default function DistrictHeader({ district, hasRecords, span, locale = 'en', t }: Props) {
  const lang = recordLang(locale);
  const notListed = t('district.header.notListed');
  const enrollment =
    locale === 'en'
      ? formatEnrollment(district.totalStudents)
      : typeof district.totalStudents === 'number' && Number.isFinite(district.totalStudents)
        ? countText(locale, district.totalStudents)
        : notListed;
  return (
    <header className="district-header">
      <img
        className="district-image"
        src={districtImage(district.id)}
        data-fallback={DEFAULT_DISTRICT_IMAGE}
        alt=""
        width={320}
        height={180}
        // The largest thing on the first screen of a district page: fetched before the page's scripts.
        fetchPriority="high"
        decoding="async"
        onError={showDefaultImage}
      />
      <div className="district-facts">
        <h1 lang={lang}>{district.name}</h1>
        <dl>
          <div>
            <dt>{t('district.header.address')}</dt>{' '}
            <dd lang={district.address?.trim() ? lang : undefined}>
              {locale === 'en'
                ? orNotListed(district.address)
                : district.address?.trim()
                  ? district.address
                  : notListed}
            </dd>
          </div>
          <div>
            <dt>{t('district.header.enrollment')}</dt> <dd>{enrollment}</dd>
          </div>
          <div>
            <dt>{t('district.header.phone')}</dt>{' '}
            <dd>
              {district.phone ? (
                <a href={`tel:${district.phone.replace(/[^\d+]/g, '')}`}>{district.phone}</a>
              ) : (
                notListed
              )}
            </dd>
          </div>
        </dl>
        {!hasRecords ? (
          <p className="district-records district-records-none">{t('district.records.none')}</p>
        ) : (
          span && <p className="district-records">{recordsLineIn(locale, t, span)}</p>
        )}
        {locale !== 'en' && <p className="district-record-language">{t('district.recordLanguage')}</p>}
      </div>
    </header>
  );
}
