// A district's meetings as an iCalendar feed (METHOD:PUBLISH), advertised in its page's head; served as text/calendar.
import type { APIRoute } from 'astro';
import { meetingsCalendar } from '../../district/follow/feeds';
import { readBuiltPage } from '../../district/build/keptPages';
import { districtPaths } from '../../district/build/routes';

export const getStaticPaths = districtPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const page = readBuiltPage(params.id!);
  // DTSTAMP is when the build read the page: the same as long as the page is kept, so an unchanged district's file is too.
  const body = meetingsCalendar(page.district, page.meetings, { site: site!, stamp: new Date(page.readAt) });
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
