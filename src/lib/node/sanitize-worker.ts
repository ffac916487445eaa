// One worker of the build's sanitiser pool (see sanitize-pool.ts): the one sanitiser, on this worker's own jsdom
// window, applied to batches of rich text. Node runs this file directly (type stripping, hence the .ts imports),
// outside Vite, so it imports only the sanitiser, the time-stamp rule and jsdom.
import { parentPort } from 'node:worker_threads';
import { sanitizeJob } from '../sanitize.ts';
import { createJsdomSanitizer } from './sanitize-jsdom.ts';
import type { WorkerReply, WorkerRequest } from './sanitize-pool.ts';

const sanitize = createJsdomSanitizer();


parentPort?.on('message', ({ jobs }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { html: jobs.map((job) => sanitizeJob(sanitize, job)) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.stack ?? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
