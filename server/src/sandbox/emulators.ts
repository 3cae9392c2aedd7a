import { join } from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { mountEmulators, PLATFORMS, type EmulatorOptions } from '@parallels/emulators';
import type { Config } from '../config.js';
import type { EmulatorProcessMessage, EmulatorProcessOptions } from './emulator-process.js';

export const SANDBOX_PREFIX = '/sandbox';

const START_TIMEOUT_MS = 60_000;

function emulatorOptions(config: Config): EmulatorOptions {
  return {
    publicUrl: `${config.publicUrl}${SANDBOX_PREFIX}`,
    prefix: SANDBOX_PREFIX,
    admin: true,
    shopifyWebhookUrl: `${config.publicUrl}/api/webhooks/shopify`,
    shopifyAppUrl: `${config.publicUrl}/shopify`,
    shopifyPricingReturnUrl: `${config.publicUrl}/pricing_callback`,
    // Tokens the emulators issued stay valid across restarts, like a real platform's (tests run in memory).
    tokenDir: config.env === 'test' ? undefined : join(config.dataDir, 'sandbox'),
  };
}

/**
 * Sandbox mode: every platform's emulator on the app's own port under /sandbox/<platform>, with its admin
 * endpoints (clock, faults, tokens). Production mode never calls this (ARCHITECTURE.md, Sandbox mode).
 *
 * `SANDBOX_EMULATORS=process` (the default outside tests; decision 028): the emulators run in a child process
 * on a loopback port and the app forwards /sandbox/<platform> there, byte for byte, so the answers they build
 * for a backfill do not hold the thread that answers the app's own requests. 'in-process' mounts them on this
 * app (the tests, which read the emulators' state directly).
 */
export async function mountSandboxEmulators(app: FastifyInstance, config: Config): Promise<void> {
  if (config.mode !== 'sandbox') throw new Error('emulators are mounted in sandbox mode only');
  if (config.sandboxEmulators === 'in-process') {
    await mountEmulators(app, emulatorOptions(config));
    return;
  }
  const { child, port } = await startEmulatorProcess({ options: emulatorOptions(config), logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel });
  let closing = false;
  child.on('exit', (code, signal) => {
    if (!closing) app.log.error({ code, signal }, 'the sandbox emulators stopped; /sandbox answers 503 until the app restarts');
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.send('close');
    const deadline = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(deadline);
  });
  for (const platform of PLATFORMS) {
    const path = `${SANDBOX_PREFIX}/${platform}`;
    await app.register(httpProxy, {
      upstream: `http://127.0.0.1:${port}`,
      prefix: path,
      rewritePrefix: path,
      // as if the app called the emulators directly: no retry of a 503 the emulator answered (its injected faults
      // are for our connectors to see), no time-out of our own (a connector's own time-out decides), no Location rewrite
      replyOptions: { retryDelay: () => null },
      undici: { headersTimeout: 0, bodyTimeout: 0 },
      internalRewriteLocationHeader: false,
    });
  }
}

/** The emulators' process, listening: the source file under tsx, the built one from dist/ (decision 018). */
async function startEmulatorProcess(options: EmulatorProcessOptions): Promise<{ child: ChildProcess; port: number }> {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(fromSource ? './emulator-process.ts' : './emulator-process.js', import.meta.url));
  // a child inherits the process's flags: under `tsx src/main.ts` those load tsx; elsewhere (Vitest) tsx is added
  const loader = fromSource && !process.execArgv.some((a) => a.includes('tsx')) ? ['--import', 'tsx'] : [];
  const child = fork(entry, [], { execArgv: [...process.execArgv, ...loader], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send(options);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the sandbox emulators did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      child.removeAllListeners('message');
      child.removeAllListeners('error');
      child.removeAllListeners('exit');
    };
    child.on('message', (message: EmulatorProcessMessage) => {
      settle();
      if ('listening' in message) resolve(message.listening);
      else reject(new Error(`the sandbox emulators did not start: ${message.failed}`));
    });
    child.on('error', (error) => {
      settle();
      reject(error);
    });
    child.on('exit', (code, signal) => {
      settle();
      reject(new Error(`the sandbox emulators' process exited (${signal ?? code}) before listening`));
    });
  });
  return { child, port };
}
