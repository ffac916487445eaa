// The district whose board's agenda the vote form (/votingPAUSD) asks about. A module of its own, with nothing else in
// it: the build's loader reads this district in full in the shard that makes the vote page, and every file the loader
// imports is part of the kept district pages' version (a change to it makes every district page again).

/** The district whose board met on 17 June 2025 (Palo Alto Unified). */
export const MEETING_DISTRICT_ID = 1;
