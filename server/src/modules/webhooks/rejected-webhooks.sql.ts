import type { Database } from '../../db/client.js';
import { rejectedWebhooks } from '../../db/schema.js';

/** A kept payload is cut at this many characters of JSON: enough to see what was wrong with it. */
const MAX_KEPT_JSON = 64 * 1024;

export interface RejectedWebhook {
  topic: string;
  shop: string;
  webhookId: string | undefined;
  problems: Array<{ field: string; message: string }>;
  payload: unknown;
}

export async function keepRejectedWebhook(db: Database, w: RejectedWebhook): Promise<void> {
  const json = JSON.stringify(w.payload) ?? 'null';
  const payload = json.length <= MAX_KEPT_JSON ? (w.payload ?? null) : { truncated: true, json: json.slice(0, MAX_KEPT_JSON) };
  await db.insert(rejectedWebhooks).values({
    topic: w.topic.slice(0, 100),
    shop: w.shop.slice(0, 255),
    webhookId: w.webhookId?.slice(0, 100) ?? null,
    problems: w.problems.slice(0, 20),
    payload,
  });
}
