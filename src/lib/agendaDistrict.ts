// The district and meeting whose board's agenda the vote form (/votingPAUSD) asks about, and the form's address. A module of its own, with nothing else in
// it: the build's loader reads this district in full in the shard that makes the vote page, and every file the loader
// imports is part of the kept district pages' version (a change to it makes every district page again).

/** The district whose board met on 17 June 2025 (Palo Alto Unified). */
export const MEETING_DISTRICT_ID = 1;

/** The board meeting the form is for (ISO date); that meeting's card on the district page links to the form. */
export const MEETING_DATE = '2025-06-17';

/** The agenda vote page, before the language's prefix. */
export const AGENDA_VOTE_PATH = '/votingPAUSD';
