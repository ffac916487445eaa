// Every meeting of a district as Open Civic Data Events (open data; `npm run import` loads the file back as it was).
import type { APIRoute } from 'astro';
import { meetingEvents } from '../../district/follow/openData';
import { readBuiltPage } from '../../district/build/keptPages';
import { districtPaths } from '../../district/build/routes';

export const getStaticPaths = districtPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const page = readBuiltPage(params.id!);
  return new Response(JSON.stringify(meetingEvents(page.district, page.meetings, site!), null, 2), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
