// 'Did you find this useful?' at the bottom of a district page: plain links to the yes and no forms, in the page's language.
import { localizedPath } from '../../i18n/locales';
import { type Locale, type T } from '../words';
import './district.css';
import './DistrictFeedback.css';

export default function DistrictFeedback({ locale = 'en', t }: { locale?: Locale; t: T }) {
  return (
    <section className="district-feedback" aria-labelledby="district-feedback-heading">
      <h2 id="district-feedback-heading">{t('district.feedback.heading')}</h2>
      <p className="district-feedback-choices">
        <a className="button" href={localizedPath(locale, '/yesform')}>
          {t('district.feedback.yes')}
        </a>
        <a className="button secondary" href={localizedPath(locale, '/noform')}>
          {t('district.feedback.no')}
        </a>
      </p>
    </section>
  );
}
