// 'Did you find this useful?' at the bottom of a district page: plain links to /yesform and /noform.
import './district.css';
import './DistrictFeedback.css';

export default function DistrictFeedback() {
  return (
    <section className="district-feedback" aria-labelledby="district-feedback-heading">
      <h2 id="district-feedback-heading">Did you find this useful?</h2>
      <p className="district-feedback-choices">
        <a className="button" href="/yesform">
          Yes
        </a>
        <a className="button secondary" href="/noform">
          No
        </a>
      </p>
    </section>
  );
}
