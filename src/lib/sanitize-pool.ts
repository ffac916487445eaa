// The build's sanitiser pool: the rich text of a whole snapshot goes through the one sanitiser (sanitize.ts) in
// worker threads, one per core, while the main thread reads the database. jsdom makes each call cost a few
// hundred microseconds, and 20,000 districts hold 360,000 pieces of rich text: on one thread that was the largest
// part of the build.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import DOMPurify from 'dompurify';
import { sanitizeJob, type RichTextJob, type SafeHtml, type Sanitize } from './sanitize';

export interface WorkerRequest {
  batch: number;
  jobs: RichTextJob[];
}
export type WorkerReply = { batch: number; html: (SafeHtml | null)[] } | { batch: number; error: string };

/** Pieces per message: large enough that messaging costs little, small enough to keep both workers busy. */
const BATCH = 250;
/** Up to this many pieces a worker's start (loading jsdom: a second or two) costs more than it saves. */
const IN_THREAD_MAX = 2_000;
/** Beyond this the workers wait for the main thread (which renders the pages) more than they help. */
const MAX_WORKERS = 8;

const HERE = dirname(fileURLToPath(import.meta.url));
// Node runs the worker's TypeScript itself: every Node that jsdom supports (see package.json engines) strips types.
const WORKER_FILE = join(HERE, 'sanitize-worker.ts');

/**
 * What the sanitised HTML depends on besides its input: the sanitiser's, the time stamps' and the worker's source,
 * DOMPurify's and jsdom's versions. Kept with each stored entry, so any change re-sanitises everything.
 */
export function sanitizerVersion(): string {
  const hash = createHash('sha256');
  for (const file of ['sanitize.ts', 'sanitize-jsdom.ts', 'timestamps.ts', 'sanitize-worker.ts']) hash.update(readFileSync(join(HERE, file)));
  const jsdom = createRequire(import.meta.url)('jsdom/package.json') as { version: string };
  hash.update(`dompurify ${DOMPurify.version} jsdom ${jsdom.version}`);
  return hash.digest('hex');
}

/** How many workers to start for `pieces` pieces of rich text (at least one, at most one per core). */
export function poolSize(pieces: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, MAX_WORKERS, Math.ceil(pieces / BATCH)));
}

let inThread: Sanitize | undefined;

/** The same sanitiser in this thread, for a nightly build's few changed rows. */
async function sanitizeInThread(jobs: RichTextJob[]): Promise<(SafeHtml | null)[]> {
  const { createJsdomSanitizer } = await import('./sanitize-jsdom');
  inThread ??= createJsdomSanitizer();
  return jobs.map((job) => sanitizeJob(inThread!, job));
}

/**
 * Sanitises every job, in order, in worker threads (a few in this thread); resolves with one SafeHtml (or null for
 * a null job) per job.
 * The workers exit when the last answer is in; any worker failure rejects the whole call (the build stops).
 */
export async function sanitizeMany(
  jobs: RichTextJob[],
  { onProgress = () => {}, inThreadMax = IN_THREAD_MAX }: { onProgress?: (done: number, total: number) => void; inThreadMax?: number } = {},
): Promise<(SafeHtml | null)[]> {
  const out: (SafeHtml | null)[] = new Array(jobs.length).fill(null);
  // Only the jobs with text go to the workers: their positions in `jobs`, cut into batches.
  const todo = jobs.flatMap((job, index) => (job ? [index] : []));
  const batches: number[][] = [];
  for (let start = 0; start < todo.length; start += BATCH) batches.push(todo.slice(start, start + BATCH));
  if (batches.length === 0) return out;
  if (todo.length <= inThreadMax) return sanitizeInThread(jobs);

  const workers = Array.from({ length: poolSize(todo.length) }, () => new Worker(WORKER_FILE));
  let next = 0;
  let done = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const send = (worker: Worker) => {
        if (next >= batches.length) return;
        const batch = next++;
        worker.postMessage({ batch, jobs: batches[batch].map((index) => jobs[index]) } satisfies WorkerRequest);
      };
      for (const worker of workers) {
        worker.on('message', (reply: WorkerReply) => {
          if ('error' in reply) return reject(new Error(`Sanitising rich text failed: ${reply.error}`));
          batches[reply.batch].forEach((index, k) => (out[index] = reply.html[k]));
          done += reply.html.length;
          onProgress(done, todo.length);
          if (done === todo.length) resolve();
          else send(worker);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (done < todo.length) reject(new Error(`A sanitiser worker exited with code ${code} before the rich text was done.`));
        });
        send(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return out;
}
