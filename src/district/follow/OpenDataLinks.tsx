// The district's votes as open data: 'Download … as CSV or as Open Civic Data JSON'. One sentence, said in two places
// (the Voting tab, under its tables, and 'Follow this board'); the files stay English data at the same addresses.
import { voteEventsPath, votesCsvPath } from './openData';
import type { T } from '../words';

export default function OpenDataLinks({ districtId, t }: { districtId: number; t: T }) {
  return (
    <>
      {t('district.openData.lead')}{' '}
      <a href={votesCsvPath(districtId)} type="text/csv" download>
        {t('district.openData.csv')}
      </a>{' '}
      {t('district.openData.or')}{' '}
      <a href={voteEventsPath(districtId)} type="application/json">
        {t('district.openData.json')}
      </a>
    </>
  );
}
