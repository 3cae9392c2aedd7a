import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What a first visit to a route downloads, from the production build's manifest: the entry chunk, its
 * static imports, and the route's lazy chunk with its static imports. Budget: landing page under 150 KB
 * of gzipped JS (ARCHITECTURE.md, Budgets).
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const BUDGET_KB = 150;

function load(): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    throw new Error('No production build: run `npm run build --workspace web` first.');
  }
}

function closure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return seen;
}

export function firstVisitJs(routeSource: string): { files: string[]; rawBytes: number; gzipBytes: number } {
  const manifest = load();
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('no entry chunk in the manifest');
  const route = Object.keys(manifest).find((k) => k.endsWith(routeSource));
  if (!route) throw new Error(`no chunk for ${routeSource}`);
  const files = [...closure(manifest, [entry, route])].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const buf = readFileSync(join(DIST, f));
    rawBytes += buf.length;
    gzipBytes += gzipSync(buf, { level: 9 }).length;
  }
  return { files, rawBytes, gzipBytes };
}

const landing = firstVisitJs('app/routes/home.tsx');
const kb = (n: number) => (n / 1024).toFixed(1);
console.log(`bundle: landing page first visit downloads ${landing.files.length} JS files, ${kb(landing.rawBytes)} KB raw, ${kb(landing.gzipBytes)} KB gzipped (budget ${BUDGET_KB} KB) ${landing.gzipBytes / 1024 <= BUDGET_KB ? 'OK' : 'OVER BUDGET'}`);
