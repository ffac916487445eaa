// Links that open a new tab say so as their accessible description, from one hidden note in the base layout (its words
// are the catalogue's site.newTabNote, in the page's language).

/** The id of the base layout's hidden 'Opens in a new tab' note that every new-tab link is described by. */
export const NEW_TAB_NOTE_ID = 'opens-new-tab-note';
