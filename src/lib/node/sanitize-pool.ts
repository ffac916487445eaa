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
import { sanitizeJob, type RichTextJob, type SafeHtml, type Sanitize } from '../sanitize';

/** One batch for a worker; a worker has one batch at a time, so its reply needs no number. */
export interface WorkerRequest {
  jobs: RichTextJob[];
}
export type WorkerReply = { html: (SafeHtml | null)[] } | { error: string };

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
  for (const file of ['../sanitize.ts', 'sanitize-jsdom.ts', '../timestamps.ts', 'sanitize-worker.ts']) hash.update(readFileSync(join(HERE, file)));
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

/** A batch of one sanitizeMany() call waiting for, or on, a worker. */
interface Task {
  jobs: RichTextJob[];
  done: (html: (SafeHtml | null)[]) => void;
  fail: (error: Error) => void;
}

/**
 * The workers, shared by every sanitizeMany() call under way: the tables' loaders run at the same time, and a pool
 * each would start a jsdom per table per core and make them fight over the cores. Started by the first call that
 * needs it, stopped when the last task is answered; a failure fails every task on it (the build stops).
 */
class Pool {
  readonly #workers: Worker[];
  readonly #queue: Task[] = [];
  readonly #onWorker = new Map<Worker, Task>();
  #stopped = false;
  readonly #onStop: () => void;

  constructor(size: number, onStop: () => void) {
    this.#onStop = onStop;
    this.#workers = Array.from({ length: size }, () => {
      const worker = new Worker(WORKER_FILE);
      worker.on('message', (reply: WorkerReply) => this.#answer(worker, reply));
      worker.on('error', (error: unknown) => this.#fail(error instanceof Error ? error : new Error(String(error))));
      worker.on('exit', (code) => {
        if (!this.#stopped) this.#fail(new Error(`A sanitiser worker exited with code ${code} before the rich text was done.`));
      });
      return worker;
    });
  }

  run(tasks: Task[]): void {
    this.#queue.push(...tasks);
    for (const worker of this.#workers) if (!this.#onWorker.has(worker)) this.#send(worker);
  }

  #send(worker: Worker): void {
    const task = this.#queue.shift();
    if (!task) {
      if (this.#onWorker.size === 0) this.#stop();
      return;
    }
    this.#onWorker.set(worker, task);
    worker.postMessage({ jobs: task.jobs } satisfies WorkerRequest);
  }

  #answer(worker: Worker, reply: WorkerReply): void {
    const task = this.#onWorker.get(worker);
    this.#onWorker.delete(worker);
    if (!task) return;
    if ('error' in reply) return this.#fail(new Error(`Sanitising rich text failed: ${reply.error}`));
    task.done(reply.html);
    this.#send(worker);
  }

  #fail(error: Error): void {
    if (this.#stopped) return;
    const tasks = [...this.#onWorker.values(), ...this.#queue];
    this.#stop();
    for (const task of tasks) task.fail(error);
  }

  #stop(): void {
    this.#stopped = true;
    this.#onStop();
    for (const worker of this.#workers) void worker.terminate();
  }
}

let pool: Pool | undefined;

/**
 * Sanitises every job, in order, in worker threads (a few in this thread); resolves with one SafeHtml (or null for
 * a null job) per job. Calls made at the same time share the workers; any worker failure rejects the calls (the
 * build stops).
 */
export async function sanitizeMany(
  jobs: RichTextJob[],
  { onProgress = () => {}, inThreadMax = IN_THREAD_MAX }: { onProgress?: (done: number, total: number) => void; inThreadMax?: number } = {},
): Promise<(SafeHtml | null)[]> {
  const out: (SafeHtml | null)[] = new Array(jobs.length).fill(null);
  // Only the jobs with text go to the workers: their positions in `jobs`, cut into batches.
  const todo = jobs.flatMap((job, index) => (job ? [index] : []));
  if (todo.length === 0) return out;
  if (todo.length <= inThreadMax) return sanitizeInThread(jobs);

  let done = 0;
  await new Promise<void>((resolve, reject) => {
    const tasks: Task[] = [];
    for (let start = 0; start < todo.length; start += BATCH) {
      const indexes = todo.slice(start, start + BATCH);
      tasks.push({
        jobs: indexes.map((index) => jobs[index]),
        done: (html) => {
          indexes.forEach((index, k) => (out[index] = html[k]));
          done += html.length;
          onProgress(done, todo.length);
          if (done === todo.length) resolve();
        },
        fail: reject,
      });
    }
    pool ??= new Pool(poolSize(todo.length), () => (pool = undefined));
    pool.run(tasks);
  });
  return out;
}
