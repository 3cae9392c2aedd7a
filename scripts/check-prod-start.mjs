// CI (.ci/run), after `npm run build`: the production start works as docs/operations.md says. `npm run start:prod`
// itself (node on the compiled server, no tsx) is started on a free port and a scratch data dir; it must answer
// /api/health, serve the built web app and one of its assets, and on SIGTERM to npm exit 0 within the shutdown
// deadline with the server gone (the signal must reach node through npm and the script's shell). A missing build
// must stop it with a one-line message. Prints its figures; exits 1 on any failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

function start(env) {
  const child = spawn('npm', ['run', '--silent', 'start:prod'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

function within(ms, promise, what) {
  let timer;
  return Promise.race([promise.finally(() => clearTimeout(timer)), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms)))]);
}

const dataDir = mkdtempSync(join(tmpdir(), 'parallels-prod-check-'));
let server;
try {
  // 1. A missing build is said in one line, and nothing starts.
  const unbuilt = start({ WEB_DIST_DIR: join(dataDir, 'no-web-here') });
  const refused = await within(10_000, unbuilt.exited, 'start without a built web app');
  if (refused.code !== 1 || !/is not built/.test(unbuilt.output())) throw new Error(`a missing build was not refused clearly: exit ${refused.code}\n${unbuilt.output()}`);

  // 2. The built app starts, answers and serves the web app.
  const port = await freePort();
  const started = Date.now();
  server = start({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: join(dataDir, 'data'), PARALLELS_MODE: 'sandbox', SYNC_WORKERS: 'false', LOG_LEVEL: 'warn' });
  await within(
    90_000,
    new Promise((resolve, reject) => {
      server.child.stdout.on('data', () => server.output().includes('Parallels is running at') && resolve());
      server.exited.then(({ code }) => reject(new Error(`exited (${code}) before listening:\n${server.output()}`)));
    }),
    'start',
  );
  const listeningMs = Date.now() - started;
  const base = `http://127.0.0.1:${port}`;
  const health = await (await fetch(`${base}/api/health`)).json();
  if (health.status !== 'ok') throw new Error(`/api/health: ${JSON.stringify(health)}`);
  const page = await fetch(`${base}/`);
  const html = await page.text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (page.status !== 200 || !asset) throw new Error(`/ did not serve the built web app (${page.status})`);
  const assetRes = await fetch(`${base}${asset}`);
  const assetBytes = (await assetRes.arrayBuffer()).byteLength;
  if (assetRes.status !== 200) throw new Error(`${asset}: ${assetRes.status}`);

  // 3. SIGTERM: a graceful stop, exit 0, within the 25 s deadline.
  const stopping = Date.now();
  server.child.kill('SIGTERM');
  const stopped = await within(30_000, server.exited, 'shutdown');
  if (stopped.code !== 0) throw new Error(`exit ${stopped.code ?? stopped.signal} on SIGTERM:\n${server.output()}`);
  const gone = await fetch(`${base}/api/health`).then(
    () => false,
    () => true,
  );
  if (!gone) throw new Error('npm exited on SIGTERM, but the server still answers: the signal did not reach node');
  console.log(
    `prod check: listening after ${listeningMs} ms; /api/health ${JSON.stringify(health)}; / ${html.length} bytes, ${asset} ${assetBytes} bytes; SIGTERM to npm, exit 0 and the port closed in ${Date.now() - stopping} ms; an unbuilt start refused`,
  );
} catch (e) {
  console.error(`prod check failed: ${e.message}`);
  // npm, its shell and node are one process group of their own (detached): none is left behind
  if (server) {
    try {
      process.kill(-server.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
