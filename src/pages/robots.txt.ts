// robots.txt: every page is public, and the sitemap index (made by @astrojs/sitemap) lists them all. An endpoint,
// not a file in public/, because the sitemap's address must be absolute and the site's address is configuration.
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(
    `# Every page of this site is public and may be indexed.\nUser-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap-index.xml', site)}\n`,
    {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );
