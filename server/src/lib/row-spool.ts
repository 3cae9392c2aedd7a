import { createReadStream, rmSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { threadId } from 'node:worker_threads';

/**
 * Rows of one window kept on disk between the pull and the window's transaction (decision 019): a large answer
 * is read batch by batch, and each batch's rows are appended here as they arrive instead of being held in memory
 * until the window is written. The writer reads them back a batch at a time. Rows must survive JSON (strings,
 * numbers, plain objects), or name their Date fields (`dates`).
 *
 * A spool has parts: each attempt of a call writes its own (`part`), and a failed attempt's part is removed, so
 * a retried call never leaves the rows of its failed try behind. Parts may be written side by side.
 * `discard` removes the files (`parallels-spool-<pid>-<thread>-<n>.ndjson` in the temp directory); whatever a
 * process left, it removes when it exits.
 */
export class RowSpool<T> {
  /**
   * `dates`: the fields that hold a Date (or null), written as ISO text and read back as Dates, for rows that
   * go to timestamp columns (Shopify orders); every other value must survive JSON as it is.
   */
  constructor(private readonly options: { dates?: ReadonlyArray<keyof T & string> } = {}) {}

  private readonly files: Array<{ file: string; slot: number }> = [];
  private open = 0;
  private discarded = false;
  /** rows appended to the parts kept */
  rows = 0;

  /**
   * One part: `fill` appends batches (awaited one at a time, so a slow disk slows the reader, never fills
   * memory); if it throws, the part is removed and the error goes on. Returns what `fill` returns. Parts are
   * read back in the order of their `slot` (then as they were kept), not in the order they happened to end.
   */
  async part<R>(slot: number, fill: (append: (rows: readonly T[]) => Promise<void>) => Promise<R>): Promise<R> {
    if (this.discarded) throw new Error('this spool was discarded');
    const file = newSpoolFile();
    const handle = await open(file, 'w');
    let rows = 0;
    this.open++;
    try {
      const result = await fill(async (batch) => {
        if (batch.length === 0) return;
        await handle.write(`${JSON.stringify(batch)}\n`);
        rows += batch.length;
      });
      await handle.close();
      if (this.discarded) throw new Error('this spool was discarded');
      this.files.push({ file, slot });
      this.files.sort((a, b) => a.slot - b.slot);
      this.rows += rows;
      return result;
    } catch (e) {
      await handle.close().catch(() => undefined);
      await removeSpoolFile(file);
      throw e;
    } finally {
      this.open--;
    }
  }

  /** The rows, a batch at a time, in the order the parts were kept and their batches appended. */
  async *batches(): AsyncGenerator<T[]> {
    if (this.open > 0) throw new Error('a part of this spool is still being written');
    for (const { file } of this.files) {
      const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
      const dates = this.options.dates ?? [];
      for await (const line of lines) {
        if (!line) continue;
        const rows = JSON.parse(line) as Array<Record<string, unknown>>;
        if (dates.length > 0) {
          for (const row of rows) for (const key of dates) if (typeof row[key] === 'string') row[key] = new Date(row[key] as string);
        }
        yield rows as T[];
      }
    }
  }

  /** Remove the files (a written or abandoned window); parts still being written are removed when they end. */
  async discard(): Promise<void> {
    this.discarded = true;
    const files = this.files.splice(0);
    this.rows = 0;
    await Promise.all(files.map((f) => removeSpoolFile(f.file)));
  }
}

/** Rows in memory, or spooled on disk: the writer takes either, a batch at a time. */
export type Rows<T> = readonly T[] | RowSpool<T>;

export async function* batchesOf<T>(rows: Rows<T>): AsyncGenerator<readonly T[]> {
  if (rows instanceof RowSpool) yield* rows.batches();
  else if (rows.length > 0) yield rows;
}

/** Every row at once (tests and small answers). */
export async function allRows<T>(rows: Rows<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const batch of batchesOf(rows)) for (const row of batch) out.push(row);
  return out;
}

let partSeq = 0;
/** this process's spool files not removed yet */
const live = new Set<string>();

function newSpoolFile(): string {
  if (partSeq === 0) process.once('exit', () => live.forEach((f) => rmSync(f, { force: true })));
  const file = join(tmpdir(), `${spoolFilePrefix()}${++partSeq}.ndjson`);
  live.add(file);
  return file;
}

async function removeSpoolFile(file: string): Promise<void> {
  live.delete(file);
  await unlink(file).catch(() => undefined);
}

/** how this process's (and thread's) spool files are named */
export const spoolFilePrefix = (): string => `parallels-spool-${process.pid}-${threadId}-`;

/** How many spool files this process holds now (tests: every spool freed). */
export function liveSpoolFiles(): number {
  return live.size;
}
