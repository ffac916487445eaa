// `npm run functions:shared`: writes the site's rules the Edge Functions use into supabase/functions/_shared/ (an
// alert in plain words, for the alert's feed: scripts/lib/functionsShared.mjs). Run it after changing them; the unit
// tests say when a copy is stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALERT_TEXT_COPY, alertTextCopy } from './lib/functionsShared.mjs';
import { root } from './lib/stackConfig.mjs';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: npm run functions:shared
Writes the site's rules the Edge Functions use into supabase/functions/_shared/. It takes no arguments.`,
});

writeFileSync(join(root, ALERT_TEXT_COPY), await alertTextCopy());
console.log(`functions:shared: wrote ${ALERT_TEXT_COPY}`);
