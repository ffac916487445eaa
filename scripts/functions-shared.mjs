// `npm run functions:shared`: writes the site's rules the Edge Functions use into supabase/functions/_shared/ (an
// alert in plain words, for the alert's feed: scripts/lib/functionsShared.mjs). Run it after changing them; the unit
// tests say when a copy is stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALERT_TEXT_COPY, alertTextCopy } from './lib/functionsShared.mjs';
import { root } from './lib/stackConfig.mjs';

writeFileSync(join(root, ALERT_TEXT_COPY), await alertTextCopy());
console.log(`functions:shared: wrote ${ALERT_TEXT_COPY}`);
