import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { findUserByEmail, insertUser } from '../modules/auth/auth.sql.js';
import { hashPassword } from '../modules/auth/password.js';

// The sandbox's demo account (ARCHITECTURE.md, "Sandbox mode"). Its brand and connections are added
// by brand setup once the emulators exist.
export const DEMO_USER = { username: 'Demo', email: 'demo@parallels.dev', password: 'parallels-demo' } as const;

export async function seedDemo(db: Database, log: FastifyBaseLogger): Promise<void> {
  if (await findUserByEmail(db, DEMO_USER.email)) return;
  await insertUser(db, { username: DEMO_USER.username, email: DEMO_USER.email, passwordHash: await hashPassword(DEMO_USER.password) });
  log.info({ email: DEMO_USER.email }, 'sandbox demo account created');
}
