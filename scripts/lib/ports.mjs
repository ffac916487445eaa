// Checks a port is free before a server claims it, so a clash gives one clear line instead of a stack trace.
import { createServer } from 'node:net';

/**
 * Resolves when 127.0.0.1:port is free; rejects with a one-line message naming what uses it otherwise.
 * @param {number} port
 * @param {string} what
 * @returns {Promise<void>}
 */
export function assertPortFree(port, what) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`Port ${port} (${what}) is already in use: stop whatever holds it, or set a different port.`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
