// `npm run start:prod`: the server compiled to JavaScript by `npm run build`, serving the web app that build made.
// Run as `node --conditions=parallels-dist scripts/start-prod.mjs`: under that condition the workspace packages
// (@parallels/contract, @parallels/emulators) resolve to their dist/*.js instead of their TypeScript sources.
// What is missing is said here, in one line, before anything starts (docs/operations.md, "Build and start").
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const server = join(root, 'server', 'dist', 'main.js');
const web = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(root, 'web', 'dist');

function fail(message) {
  console.error(`Parallels cannot start: ${message}`);
  process.exit(1);
}

let contract;
try {
  contract = fileURLToPath(import.meta.resolve('@parallels/contract/common'));
} catch {
  fail('@parallels/contract is not installed: run `npm ci` first.');
}
if (!contract.endsWith('.js')) fail('start it with `npm run start:prod` (node --conditions=parallels-dist): without that condition node would load the TypeScript sources.');
for (const [file, what] of [
  [server, 'the server'],
  [contract, '@parallels/contract'],
  [fileURLToPath(import.meta.resolve('@parallels/emulators')), '@parallels/emulators'],
  [join(web, 'index.html'), 'the web app'],
]) {
  if (!existsSync(file)) fail(`${what} is not built (${file} is missing): run \`npm run build\` first.`);
}

await import(server);
