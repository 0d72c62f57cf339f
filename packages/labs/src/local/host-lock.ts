import { createHash } from 'node:crypto';
import net from 'node:net';

/**
 * A lock shared by every process on this host: a Unix socket bound in the abstract namespace.
 * The kernel releases it the moment its holder exits, however it exits, so a killed process
 * never leaves a stale lock behind.
 */
const addressOf = (name: string) =>
  `\0platform-labs:${createHash('sha256').update(name).digest('hex').slice(0, 32)}`;

export async function withHostLock<T>(
  name: string,
  work: () => Promise<T>,
  timeoutMs = 10_000,
): Promise<T> {
  const address = addressOf(name);
  const deadline = Date.now() + timeoutMs;
  let server = await bind(address);
  for (let wait = 2; !server; wait = Math.min(wait * 2, 50)) {
    if (Date.now() > deadline) throw new Error(`the host lock ${name} stayed busy`);
    await new Promise((resolve) => setTimeout(resolve, wait));
    server = await bind(address);
  }
  const held = server;
  try {
    return await work();
  } finally {
    await new Promise<void>((resolve) => held.close(() => resolve()));
  }
}

function bind(address: string): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(null);
      else reject(error);
    });
    server.listen({ path: address }, () => {
      server.unref();
      resolve(server);
    });
  });
}

/**
 * Takes the lock `name` if no process holds it, and keeps it until released or until this
 * process exits; null when another process (or this one) holds it.
 */
export async function holdHostLock(name: string): Promise<(() => Promise<void>) | null> {
  const server = await bind(addressOf(name));
  if (!server) return null;
  let released = false;
  return () => {
    if (released) return Promise.resolve();
    released = true;
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
