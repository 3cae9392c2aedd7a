import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmulatorClock } from '../src/common/clock.js';
import { TokenStore } from '../src/common/tokens.js';

describe('token store', () => {
  const clock = new EmulatorClock('2026-06-15T06:00:00Z');

  it('checks validity, expiry and revocation', () => {
    const store = new TokenStore(clock, 't_');
    const a = store.issue({ kind: 'access', subject: 'u1', clientId: 'c', ttlSeconds: 60 });
    expect(store.check(a.token, 'access').status).toBe('valid');
    expect(store.check(a.token, 'refresh').status).toBe('unknown');
    clock.advance(61_000);
    expect(store.check(a.token, 'access').status).toBe('expired');
    const b = store.issue({ kind: 'access', subject: 'u1', clientId: 'c', ttlSeconds: null });
    store.revokeSubject('u1');
    expect(store.check(b.token, 'access').status).toBe('revoked');
  });

  it('keeps access and refresh tokens across a restart when given a file, but not codes', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'emu-tokens-')), 'google-tokens.jsonl');
    const first = new TokenStore(clock, 'ya29.', file);
    const access = first.issue({ kind: 'access', subject: 'sub-1', clientId: 'c', scope: 'openid', ttlSeconds: null });
    const refresh = first.issue({ kind: 'refresh', subject: 'sub-1', clientId: 'c', ttlSeconds: null });
    const revoked = first.issue({ kind: 'access', subject: 'sub-2', clientId: 'c', ttlSeconds: null });
    const code = first.issue({ kind: 'code', subject: 'sub-1', clientId: 'c', ttlSeconds: 600 });
    first.revoke(revoked.token);

    const second = new TokenStore(clock, 'ya29.', file);
    expect(second.check(access.token, 'access')).toMatchObject({ status: 'valid', record: { subject: 'sub-1', scope: 'openid' } });
    expect(second.check(refresh.token, 'refresh').status).toBe('valid');
    expect(second.check(revoked.token, 'access').status).toBe('revoked');
    expect(second.check(code.token, 'code').status).toBe('unknown');
  });
});
