import Fastify from 'fastify';
import { mountEmulators, type EmulatorOptions } from '@parallels/emulators';

/**
 * The sandbox's platform emulators in their own process (sandbox/emulators.ts forks it): a Fastify server on a
 * free loopback port that the app's /sandbox/<platform> routes forward to. The emulators build every answer of
 * a two-year backfill (orders, insights, GAQL rows) synchronously; here that work no longer holds the thread
 * that answers the app's requests (decision 028). Its options come as the first IPC message; it stops when the
 * app says 'close' or when the app is gone (the IPC channel closes).
 */
export interface EmulatorProcessOptions {
  options: Omit<EmulatorOptions, 'world' | 'clock'>;
  logLevel: string;
}

export type EmulatorProcessMessage = { listening: number } | { failed: string };

function send(message: EmulatorProcessMessage): void {
  process.send?.(message);
}

async function serve({ options, logLevel }: EmulatorProcessOptions): Promise<void> {
  const app = Fastify({ logger: { level: logLevel } });
  await mountEmulators(app, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the emulators did not get a TCP port');
  const stop = () => void app.close().finally(() => process.exit(0));
  process.on('message', (message) => {
    if (message === 'close') stop();
  });
  process.once('disconnect', stop);
  send({ listening: address.port });
}

if (!process.send) {
  console.error('emulator-process is started by the app (sandbox/emulators.ts), not on its own: `npm run emulators` serves them standalone');
  process.exit(1);
}
process.once('message', (message: EmulatorProcessOptions) => {
  serve(message).catch((error: unknown) => {
    send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
});
