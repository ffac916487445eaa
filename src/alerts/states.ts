// The states an alert can be set for on the site-wide search: the fifty states of the district search's filter and the
// District of Columbia, by their postal codes (as districts.state holds them). A state with no district in the record
// is refused by create_alert.
import { US_STATES as STATES } from '../lib/districtSearch';

export const US_STATES: readonly string[] = [...STATES, 'DC'].sort();
