import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('reads token keys, the first being current', () => {
    const a = Buffer.alloc(32, 1).toString('base64');
    const b = Buffer.alloc(32, 2).toString('base64');
    const c = loadConfig({ TOKEN_ENCRYPTION_KEYS: `new:${a},old:${b}` });
    expect(c.tokenKeys?.map((k) => k.id)).toEqual(['new', 'old']);
    expect(c.tokenKeys?.[1]?.key.equals(Buffer.alloc(32, 2))).toBe(true);
  });

  it('reads TRUST_PROXY as nobody, a number of proxies, or their addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
    for (const bad of ['true', '*', '11', '10.0.0.0/33', 'proxy.internal', '10.0.0.1,', '1.2.3.4/8/9']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads SMTP_URL and MAIL_FROM: the sandbox inbox without SMTP_URL in sandbox mode', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'Parallels <reports@parallels.dev>', sandboxInbox: true });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'reports@example.com' }).mail).toEqual({ smtpUrl: 'smtps://u:p@mail.example.com:465', from: 'reports@example.com', sandboxInbox: false });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ MAIL_FROM: 'Acme Reports <reports@acme.test>' }).mail.from).toBe('Acme Reports <reports@acme.test>');
  });

  it('has working defaults for sandbox mode', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ mode: 'sandbox', port: 3000, publicUrl: 'http://localhost:3000', dataDir: '.data', databaseUrl: undefined, seedDemo: true });
    expect(c.session).toEqual({ idleMinutes: 30, absoluteHours: 12, cookieName: 'sid', secureCookie: false });
  });

  it('follows PORT in the public URL and uses a __Host- Secure cookie behind https', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    const c = loadConfig({ PUBLIC_URL: 'https://app.parallels.example/' });
    expect(c.publicUrl).toBe('https://app.parallels.example');
    expect(c.session).toMatchObject({ cookieName: '__Host-sid', secureCookie: true });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SESSION_IDLE_MINUTES: '-5' }, 'SESSION_IDLE_MINUTES'],
    [{ PARALLELS_MODE: 'staging' }, 'PARALLELS_MODE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PARALLELS_MODE: 'production' }, 'DATABASE_URL'],
    [{ PARALLELS_MODE: 'production', DATABASE_URL: 'postgres://x@h/db' }, 'TOKEN_ENCRYPTION_KEYS'],
    [{ TOKEN_ENCRYPTION_KEYS: 'k1' }, 'TOKEN_ENCRYPTION_KEYS'],
    [{ TOKEN_ENCRYPTION_KEYS: `k1:${Buffer.alloc(16).toString('base64')}` }, 'TOKEN_ENCRYPTION_KEYS'],
  ])('stops with a message naming the variable for %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
