import { createServer } from 'node:net';

// Small helpers every benchmark uses.

/** A positive integer setting from the environment (BENCH_*), or its default; anything else stops the bench. */
export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return n;
}

/** A TCP port on 127.0.0.1 that nothing listens on now, for a child process to listen on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}
