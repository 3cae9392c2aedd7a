import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMetaAdAccounts } from '../src/connectors/meta/meta-accounts.js';
import { startEmulatorServer, type EmulatorServer } from './emulator-server.js';

describe('emulator server for connector tests', () => {
  let emu: EmulatorServer;
  beforeAll(async () => {
    emu = await startEmulatorServer();
  });
  afterAll(async () => emu?.close());

  it('serves the platforms to our real clients with minted tokens', async () => {
    const { access_token } = await emu.admin<{ access_token: string }>('meta', 'tokens', { userId: '10000000000000001' });
    const accounts = await listMetaAdAccounts(emu.platforms.meta, access_token);
    expect(accounts.map((a) => a.id)).toEqual(['act_100000000000001', 'act_100000000000002']);
    expect(accounts[0]).toMatchObject({ currency: 'INR', timezoneName: 'Asia/Kolkata' });
  });
});
