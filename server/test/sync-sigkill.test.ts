import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './browser.js';

// Issue 13, item 5, end to end: the real server (src/main.ts, as `npm start` runs it: sandbox mode, the demo
// brand, PGlite on disk, the production queue settings) is SIGKILLed in the middle of its first backfill and
// started again on the same data directory. The dead process's jobs must not wait for the queue's one-hour
// expiry: the backfill runs again within 10 s of the restarted server answering, and no window committed
// before the kill is synced a second time (the resumed backfill starts at the first missing window).
const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const RESUME_BUDGET_MS = 10_000;

interface LogLine {
  msg?: string;
  connectionId?: string;
  window?: { from: string; to: string };
  time?: number;
}

class ServerProcess {
  readonly lines: Array<LogLine & { at: number }> = [];
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private stderr = '';
  private readonly listeners = new Set<() => void>();

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (d: Buffer) => void (this.stderr += d.toString()));
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      try {
        this.lines.push({ ...(JSON.parse(line) as LogLine), at: Date.now() });
      } catch {
        return;
      }
      for (const l of this.listeners) l();
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  windows(): LogLine[] {
    return this.lines.filter((l) => l.msg === 'backfill window synced');
  }

  /** resolves with the first log line (from `from` on) that `match` accepts; fails after `timeoutMs` or if the process exits */
  waitFor(match: (l: LogLine) => boolean, timeoutMs: number, from = 0): Promise<LogLine & { at: number }> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.lines.slice(from).find(match);
        if (!hit) return false;
        cleanup();
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching log line within ${timeoutMs} ms; stderr: ${this.stderr.slice(-2000)}`));
      }, timeoutMs);
      const onExit = () => {
        if (check()) return;
        cleanup();
        reject(new Error(`server exited; stderr: ${this.stderr.slice(-2000)}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      const listener = () => void check();
      this.listeners.add(listener);
      void this.exited.then(onExit);
      check();
    });
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
  }
}

describe('the real server SIGKILLed mid-backfill (PGlite, production queue settings)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'parallels-sigkill-'));
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const p of running) await p.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes the backfill within 10 s of the restart, at the first missing window, syncing no window twice', async () => {
    const env = { PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'info', SYNC_HISTORY_DAYS: '730', PARALLELS_MODE: 'sandbox' };
    const isListening = (l: LogLine) => typeof l.msg === 'string' && l.msg.startsWith('Parallels (');

    const first = new ServerProcess(env);
    running.push(first);
    await first.waitFor(isListening, 90_000);
    // let a few windows commit, then kill without warning while the rest of two years is still being pulled
    await first.waitFor(() => first.windows().length >= 2, 90_000);
    await first.kill('SIGKILL');
    const before = first.windows();
    const key = (l: LogLine) => `${l.connectionId} ${l.window?.from} ${l.window?.to}`;
    const committedBefore = new Set(before.map(key));

    const restartedAt = Date.now();
    const second = new ServerProcess(env);
    running.push(second);
    const listening = await second.waitFor(isListening, 90_000);
    // recovery: a backfill job of the killed process runs again, on a connection with windows committed
    const killedConnections = new Set(before.map((l) => l.connectionId));
    const resumed = await second.waitFor((l) => l.msg === 'backfill job running' && killedConnections.has(l.connectionId) && (l as { windows?: number }).windows! > 0, RESUME_BUDGET_MS + 60_000);
    const firstWindow = await second.waitFor((l) => l.msg === 'backfill window synced', 120_000);
    const afterListening = resumed.at - listening.at;
    console.log(
      `crash recovery: restart to listening ${listening.at - restartedAt} ms, listening to the backfill running again ${afterListening} ms (budget ${RESUME_BUDGET_MS} ms), to its first window ${firstWindow.at - listening.at} ms`,
    );
    expect(afterListening).toBeLessThan(RESUME_BUDGET_MS);

    // a few more windows, then: nothing committed before the kill was pulled again
    await second.waitFor(() => second.windows().length >= 2, 120_000);
    await second.kill('SIGTERM');
    const again = second.windows().filter((l) => committedBefore.has(key(l)));
    expect(again.map(key)).toEqual([]);
    // and each resumed connection continued from the window after its newest committed one (windows run newest first)
    for (const l of second.windows()) {
      const earlier = before.filter((b) => b.connectionId === l.connectionId);
      if (earlier.length === 0) continue;
      const oldestCommitted = earlier.map((b) => b.window!.from).sort()[0]!;
      expect(l.window!.to < oldestCommitted, `${key(l)} after ${oldestCommitted}`).toBe(true);
    }
  }, 300_000);
});
