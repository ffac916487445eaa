// The district header (image, name, address, enrollment, phone), drawn by DistrictView; a broken image falls back to
// the default one (ImageFallback.astro on the built page, onError on the live one).
import type { SyntheticEvent } from 'react';
import type { District } from '../../lib/data/districts';
import { formatEnrollment, orNotListed } from '../../lib/format';
import { districtImage, DEFAULT_DISTRICT_IMAGE } from '../../lib/paths';
import { NO_RECORDS_YET, recordsLine, type RecordSpan } from '../recordSpan';
import './district.css';
import './DistrictHeader.css';

/** A broken district image falls back to the default one (in the browser-rendered header; the static one uses a script). */
function showDefaultImage(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(DEFAULT_DISTRICT_IMAGE)) img.src = DEFAULT_DISTRICT_IMAGE;
}

interface Props {
  district: District;
  /** Whether the district has any meeting or vote on the site. */
  hasRecords: boolean;
  span: RecordSpan | null;
}

export default function DistrictHeader({ district, hasRecords, span }: Props) {
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
        <h1>{district.name}</h1>
        <dl>
          <div>
            <dt>Address:</dt> <dd>{orNotListed(district.address)}</dd>
          </div>
          <div>
            <dt>Enrollment:</dt> <dd>{formatEnrollment(district.totalStudents)}</dd>
          </div>
          <div>
            <dt>Phone:</dt>{' '}
            <dd>{district.phone ? <a href={`tel:${district.phone.replace(/[^\d+]/g, '')}`}>{district.phone}</a> : 'Not listed'}</dd>
          </div>
        </dl>
        {!hasRecords ? (
          <p className="district-records district-records-none">{NO_RECORDS_YET}</p>
        ) : (
          span && <p className="district-records">{recordsLine(span)}</p>
        )}
      </div>
    </header>
  );
}
