// A district page's body as the built page draws it (at build, never hydrated): DistrictBody in the page's language,
// its words read from that language's catalogue on the build machine, so none of them is sent to the browser as data.
// The live page of a district added after the build draws DistrictBody itself, with the messages it was given.
import DistrictBody, { type DistrictBodyProps } from '../view/DistrictBody';
import { catalogue } from '../../i18n/catalogues';
import { districtWords } from '../words';

export default function DistrictView({ locale = 'en', ...props }: DistrictBodyProps) {
  return <DistrictBody {...props} locale={locale} t={districtWords(locale, catalogue(locale))} />;
}
