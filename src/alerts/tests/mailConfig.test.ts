// mail:send, npm start and the tests' stacks read one stack configuration: the catcher's SMTP port and the links follow
// API_PORT and PORT, so a second local stack never mails through the first one's catcher or with its links.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailConfigFromEnv } from '../node/mailSender';
import { stackConfig } from '../../../scripts/lib/stackConfig.mjs';

const fromStack = () => {
  const local = stackConfig();
  return mailConfigFromEnv(
    {},
    { apiUrl: local.apiUrl, serviceKey: local.serviceRoleKey, smtpPort: local.smtpPort, siteUrl: local.siteUrl },
  );
};

describe('the mail settings of a local stack', () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    [{}, 54325, 'http://localhost:4321', 'http://127.0.0.1:54321'],
    [{ API_PORT: '60000', PORT: '5000' }, 60004, 'http://localhost:5000', 'http://127.0.0.1:60000'],
  ])('with %j: SMTP port %i, links to %s and %s', (env, smtpPort, siteUrl, apiUrl) => {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    vi.stubEnv('SITE_URL', undefined as unknown as string);
    const config = fromStack();
    expect(config.smtp.port).toBe(smtpPort);
    expect(config.links).toEqual({ siteUrl, apiUrl });
  });

  it('are overridden by the environment for a hosted run', () => {
    const config = mailConfigFromEnv(
      { SMTP_PORT: '587', SITE_URL: 'https://boards.example.org', PUBLIC_SUPABASE_URL: 'https://x.supabase.co' },
      { apiUrl: 'http://127.0.0.1:54321', serviceKey: 'k', smtpPort: 54325, siteUrl: 'http://localhost:4321' },
    );
    expect(config.smtp.port).toBe(587);
    expect(config.links).toEqual({ siteUrl: 'https://boards.example.org', apiUrl: 'https://x.supabase.co' });
  });
});
