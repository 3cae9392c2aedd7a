// Cursor paging as Graph does it (reference 1.9): `paging.cursors.{before,after}` are opaque strings
// (here Meta's own style: base64 of the row index with '=' written as 'ZD', e.g. "MAZDZD" for 0) and
// `paging.next` is the full URL of the next page, pointing back at this emulator.

export function encodeCursor(index: number): string {
  return Buffer.from(String(index)).toString('base64').replace(/=/g, 'ZD');
}

export function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor.replace(/ZD/g, '='), 'base64').toString('utf8');
  return /^\d+$/.test(text) ? Number(text) : null;
}

export interface PageLink {
  /** absolute URL of this edge without query, e.g. http://host/sandbox/meta/v25.0/act_1/insights */
  url: string;
  /** the request's own parameters (paging ones are replaced) */
  params: Record<string, string>;
}

export interface Paged<T> {
  data: T[];
  paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
}

export function page<T>(items: T[], params: Record<string, string>, link: PageLink, defaultLimit = 25): Paged<T> {
  const limit = Math.max(1, Math.min(Number(params.limit ?? defaultLimit) || defaultLimit, 10_000));
  let start = 0;
  if (params.after !== undefined) {
    const at = decodeCursor(params.after);
    start = at === null ? items.length : at + 1;
  } else if (params.before !== undefined) {
    const at = decodeCursor(params.before);
    start = Math.max(0, (at ?? 0) - limit);
  }
  const data = items.slice(start, start + limit);
  if (data.length === 0) return { data };
  const before = encodeCursor(start);
  const after = encodeCursor(start + data.length - 1);
  const out: Paged<T> = { data, paging: { cursors: { before, after } } };
  const build = (extra: Record<string, string>): string => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(link.params)) if (k !== 'after' && k !== 'before') q.set(k, v);
    q.set('limit', String(limit));
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return `${link.url}?${q.toString()}`;
  };
  if (out.paging && start + data.length < items.length) out.paging.next = build({ after });
  if (out.paging && start > 0) out.paging.previous = build({ before });
  return out;
}
