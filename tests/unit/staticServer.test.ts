// The local server answers as Netlify does with the site's function: the function's paths go to it first (before any
// redirect rule, a file preferred only when the function says so), called with the address asked for; its answer is
// sent as it came; a function that throws is a bare 500. Other paths are the built files and netlify.toml's rules.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../scripts/lib/staticServer.mjs';

const dir = mkdtempSync(join(tmpdir(), 'static-server-'));
writeFileSync(join(dir, 'states.html'), '<p>every state</p>');
writeFileSync(join(dir, 'kept.html'), '<p>the built file</p>');
writeFileSync(join(dir, '404.html'), '<p>not found</p>');

const rules = {
  redirects: [{ from: '/search', to: '/states', status: 302, force: true }],
  headers: [{ for: '/*', values: { 'X-Content-Type-Options': 'nosniff' } }],
};
const asked: string[] = [];
const siteFunction = (preferStatic: boolean) => ({
  paths: ['/search', '/kept', '/broken'],
  preferStatic,
  handler: async (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${request.method} ${url.pathname}${url.search}`);
    if (url.pathname === '/broken') throw new Error('a stack trace nobody should see');
    return new Response(`<p>found for ${url.searchParams.get('q')}</p>`, {
      status: 200,
      headers: { 'content-type': 'text/html', 'x-from': 'function' },
    });
  },
});

let preferring: Awaited<ReturnType<typeof serveStatic>>;
let always: Awaited<ReturnType<typeof serveStatic>>;
beforeAll(async () => {
  preferring = await serveStatic(dir, 0, { rules, siteFunction: siteFunction(true) });
  always = await serveStatic(dir, 0, { rules, siteFunction: siteFunction(false) });
});
afterAll(async () => {
  await Promise.all([preferring.close(), always.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('serveStatic with the site’s function', () => {
  it.each([
    ['a path of the function, before a forced redirect', '/search?q=palo', 200, '<p>found for palo</p>', 'function'],
    ['a path of the function with a file there: the file (preferStatic)', '/kept', 200, '<p>the built file</p>', null],
    ['a path of no function: the file', '/states', 200, '<p>every state</p>', null],
    ['a missing path of no function: the not-found page', '/nothing', 404, '<p>not found</p>', null],
    ['a function that throws: a bare 500', '/broken', 500, 'Internal error', null],
  ])('%s (%s)', async (_, path, status, body, from) => {
    const response = await fetch(`${preferring.url}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(body);
    expect(response.headers.get('x-from')).toBe(from);
  });

  it('calls the function with the method and the address asked for', async () => {
    asked.length = 0;
    await fetch(`${preferring.url}/search?q=a+b&state=CA`);
    expect(asked).toEqual(['GET /search?q=a+b&state=CA']);
  });

  it("sends the function's answer as it came: netlify.toml's headers are the function's own to add", async () => {
    const response = await fetch(`${preferring.url}/search?q=x`);
    expect(response.headers.get('x-content-type-options')).toBeNull();
    const file = await fetch(`${preferring.url}/states`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('without preferStatic, the function answers its paths even where a file is', async () => {
    const response = await fetch(`${always.url}/kept?q=k`);
    expect(await response.text()).toBe('<p>found for k</p>');
  });
});
