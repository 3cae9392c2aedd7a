import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EmulatorClock } from './clock.js';

/** Authorization codes, access tokens and refresh tokens an emulator has issued. Kept in memory. */
export interface TokenRecord {
  token: string;
  kind: 'code' | 'access' | 'refresh';
  /** who it belongs to: a platform user id, a shop domain, ... */
  subject: string;
  clientId: string;
  scope: string;
  /** epoch ms; null = never expires */
  expiresAt: number | null;
  revoked: boolean;
  used: boolean;
  /** anything the platform needs to remember (redirect_uri for a code, the refresh token's access token, ...) */
  data: Record<string, string>;
}

export class TokenStore {
  private readonly records = new Map<string, TokenRecord>();

  /**
   * With `file`, access and refresh tokens are appended to a JSON-lines file and read back at start, so the
   * tokens an app stored keep working after a restart, as real platforms' do (the app's sandbox mode).
   */
  constructor(
    private readonly clock: EmulatorClock,
    private readonly prefix: string,
    private readonly file?: string,
  ) {
    if (file && existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const record = JSON.parse(line) as TokenRecord;
          this.records.set(record.token, record);
        } catch {
          // a torn last line after a crash: skip it
        }
      }
    }
  }

  private persist(record: TokenRecord): void {
    if (!this.file || record.kind === 'code') return;
    mkdirSync(dirname(this.file), { recursive: true });
    appendFileSync(this.file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  }

  issue(input: { kind: TokenRecord['kind']; subject: string; clientId: string; scope?: string; ttlSeconds: number | null; data?: Record<string, string>; token?: string }): TokenRecord {
    const token = input.token ?? `${this.prefix}${randomBytes(24).toString('base64url')}`;
    const record: TokenRecord = {
      token,
      kind: input.kind,
      subject: input.subject,
      clientId: input.clientId,
      scope: input.scope ?? '',
      expiresAt: input.ttlSeconds == null ? null : this.clock.now().getTime() + input.ttlSeconds * 1000,
      revoked: false,
      used: false,
      data: input.data ?? {},
    };
    this.records.set(token, record);
    this.persist(record);
    return record;
  }

  get(token: string | undefined | null): TokenRecord | undefined {
    return token ? this.records.get(token) : undefined;
  }

  /** 'valid' | 'unknown' | 'expired' | 'revoked' for a token of the given kind */
  check(token: string | undefined | null, kind: TokenRecord['kind']): { status: 'valid'; record: TokenRecord } | { status: 'unknown' | 'expired' | 'revoked'; record?: TokenRecord } {
    const record = this.get(token);
    if (!record || record.kind !== kind) return { status: 'unknown' };
    if (record.revoked) return { status: 'revoked', record };
    if (record.expiresAt != null && record.expiresAt <= this.clock.now().getTime()) return { status: 'expired', record };
    return { status: 'valid', record };
  }

  revoke(token: string): boolean {
    const record = this.records.get(token);
    if (!record) return false;
    record.revoked = true;
    this.persist(record);
    return true;
  }

  /** revoke every token of a subject (the user removed the app) */
  revokeSubject(subject: string): number {
    let n = 0;
    for (const r of this.records.values()) {
      if (r.subject === subject && !r.revoked) {
        r.revoked = true;
        this.persist(r);
        n++;
      }
    }
    return n;
  }

  /** make a token expire now (tests of refresh logic) */
  expire(token: string): boolean {
    const record = this.records.get(token);
    if (!record) return false;
    record.expiresAt = this.clock.now().getTime() - 1;
    this.persist(record);
    return true;
  }
}
