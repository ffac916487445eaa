// Links that open a new tab say so as their accessible description, from one hidden note in the base layout.

/** The id of the base layout's hidden 'Opens in a new tab' note that every new-tab link is described by. */
export const NEW_TAB_NOTE_ID = 'opens-new-tab-note';
/** What a new-tab link's description says. */
export const NEW_TAB_NOTE = 'Opens in a new tab';
