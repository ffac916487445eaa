// Addresses inside the site, in one place.

export const DEFAULT_DISTRICT_IMAGE = '/images/districts/default.svg';

// Districts that have their own header image in public/images/districts/.
const DISTRICT_IMAGES: Record<number, string> = {
  1: '/images/districts/1.svg',
};

/** The page of a district. */
export function districtPath(id: number): string {
  return `/${id}`;
}

/** A vote row's anchor on the district page (`#vote-{id}`), where the record search's results lead. */
export function voteAnchor(id: number): string {
  return `vote-${id}`;
}

/** The header image of a district, chosen by its id, or the default image. */
export function districtImage(id: number): string {
  return DISTRICT_IMAGES[id] ?? DEFAULT_DISTRICT_IMAGE;
}

/**
 * The route a built page's path stands for, as the navigation bar's links name it: without `.html`, `index` or a
 * last slash (pages are built as files, so the home page renders as /index.html and About as /about.html).
 */
export function routeOf(pathname: string): string {
  return (
    pathname
      .replace(/\.html$/, '')
      .replace(/(^|\/)index$/, '$1')
      .replace(/\/$/, '') || '/'
  );
}

/** A page's address as visitors use it: Astro builds /about as about.html (build.format 'file'), but the site serves /about. */
export function canonicalPath(pathname: string): string {
  return pathname.replace(/(\/index)?\.html$/, '') || '/';
}
