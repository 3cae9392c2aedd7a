import { hash, verify } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet: argon2id, m=19456 KiB, t=2, p=1 (security checklist A1).
const ARGON2_OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable here) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so both paths cost one argon2 verify (no timing oracle).
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  return dummyHash;
}

/** A hash made with weaker parameters than today's is replaced at the next successful login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$');
}
