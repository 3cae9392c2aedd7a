import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { io } from 'socket.io-client';
import { lastSocket } from '../../test/fake-socket';
import { createRealtimeClient, reconnectDelay, REALTIME_OPTIONS, useRealtimeState, type RealtimeClient } from './realtime';

// `socket.io-client` is mocked for every test (test/setup.ts): `io` hands out fake sockets.

/** connect() loads socket.io-client on demand: wait for that before talking to the socket. */
async function connect(client: RealtimeClient, userId: string) {
  client.connect(userId);
  await vi.dynamicImportSettled();
  return lastSocket();
}

describe('realtime client', () => {
  let client: RealtimeClient;
  beforeEach(() => {
    client = createRealtimeClient();
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });
  afterEach(() => {
    client.disconnect();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('opens one socket to this origin: polling then websocket, 20 s timeout, 5 attempts, 1 s doubling to 30 s, cookies sent', async () => {
    const socket = await connect(client, 'u1');
    expect(io).toHaveBeenCalledTimes(1);
    expect(vi.mocked(io).mock.calls[0]).toEqual([
      expect.objectContaining({
        path: '/socket.io',
        transports: ['polling', 'websocket'],
        timeout: 20_000,
        reconnection: true,
        reconnectionAttempts: 5,
        reconnectionDelay: 1_000,
        reconnectionDelayMax: 30_000,
        randomizationFactor: 0,
        withCredentials: true,
      }),
    ]);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(client.getState()).toBe('connecting');
    // the same user again keeps the socket
    expect(await connect(client, 'u1')).toBe(socket);
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('backs off 1, 2, 4, 8, 16 s and never waits more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(REALTIME_OPTIONS.reconnectionAttempts).toBe(5);
  });

  it('joins the user room and the selected brand room on connect, and again after a reconnection', async () => {
    client.setBrand('b1');
    const socket = await connect(client, 'u1');
    expect(socket.sent).toEqual([]);
    socket.serverConnect();
    expect(client.getState()).toBe('connected');
    expect(socket.sent).toEqual([
      ['join-user-room', 'u1'],
      ['join-brand-room', 'b1'],
    ]);
    socket.serverDisconnect('transport close');
    expect(client.getState()).toBe('connecting');
    socket.serverConnect();
    expect(socket.sent.slice(2)).toEqual([
      ['join-user-room', 'u1'],
      ['join-brand-room', 'b1'],
    ]);
  });

  it('leaves the old brand room and joins the new one when the brand changes', async () => {
    const socket = await connect(client, 'u1');
    socket.serverConnect();
    client.setBrand('b1');
    client.setBrand('b2');
    client.setBrand('b2');
    client.setBrand(null);
    expect(socket.sent.slice(1)).toEqual([
      ['join-brand-room', 'b1'],
      ['leave-brand-room', 'b1'],
      ['join-brand-room', 'b2'],
      ['leave-brand-room', 'b2'],
    ]);
  });

  it('stays away after the server itself disconnects', async () => {
    vi.useFakeTimers();
    const socket = await connect(client, 'u1');
    socket.serverConnect();
    socket.serverDisconnect('io server disconnect');
    expect(client.getState()).toBe('disconnected');
    vi.advanceTimersByTime(120_000);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('reports an unauthorized handshake to its listeners and does not retry', async () => {
    vi.useFakeTimers();
    const onAuthFailure = vi.fn();
    client.onAuthFailure(onAuthFailure);
    const socket = await connect(client, 'u1');
    socket.refuse('unauthorized');
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(client.getState()).toBe('disconnected');
    vi.advanceTimersByTime(120_000);
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it('only logs other failures: network ones are left to Socket.IO, refused handshakes retried on the same backoff up to 5 times', async () => {
    vi.useFakeTimers();
    const onAuthFailure = vi.fn();
    client.onAuthFailure(onAuthFailure);
    const socket = await connect(client, 'u1');
    socket.refuse('xhr poll error', { active: true });
    expect(client.getState()).toBe('connecting');
    expect(console.debug).toHaveBeenCalledWith('realtime: connection failed, retrying', 'xhr poll error');
    vi.advanceTimersByTime(60_000);
    expect(socket.connect).toHaveBeenCalledTimes(1); // the manager, not us, retries network failures

    const waits = [1_000, 2_000, 4_000, 8_000, 16_000];
    for (const [i, wait] of waits.entries()) {
      socket.refuse('server error');
      expect(client.getState()).toBe('connecting');
      vi.advanceTimersByTime(wait - 1);
      expect(socket.connect).toHaveBeenCalledTimes(1 + i);
      vi.advanceTimersByTime(1);
      expect(socket.connect).toHaveBeenCalledTimes(2 + i);
    }
    socket.refuse('server error');
    expect(client.getState()).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(socket.connect).toHaveBeenCalledTimes(6);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('is disconnected once Socket.IO gives up reconnecting', async () => {
    const socket = await connect(client, 'u1');
    socket.io.fire('reconnect_attempt', 1);
    expect(client.getState()).toBe('connecting');
    socket.io.fire('reconnect_failed');
    expect(client.getState()).toBe('disconnected');
  });

  it('hands on messages from the user and brand rooms, and drops ones without a type', async () => {
    const onMessage = vi.fn();
    client.onMessage(onMessage);
    const socket = await connect(client, 'u1');
    socket.send('notification', { type: 'metrics-calculation-error', data: { error: 'x', brandId: 'b1' } });
    socket.send('brand-notification', { type: 'anything', data: 1 });
    socket.send('notification', 'garbage');
    expect(onMessage.mock.calls).toEqual([
      [{ type: 'metrics-calculation-error', data: { error: 'x', brandId: 'b1' }, room: 'user' }],
      [{ type: 'anything', data: 1, room: 'brand' }],
    ]);
  });

  it('disconnect closes the socket and forgets the brand; a new user gets a new socket', async () => {
    client.setBrand('b1');
    const first = await connect(client, 'u1');
    first.serverConnect();
    client.disconnect();
    expect(first.disconnect).toHaveBeenCalled();
    expect(client.getState()).toBe('disconnected');
    const second = await connect(client, 'u2');
    expect(second).not.toBe(first);
    second.serverConnect();
    expect(second.sent).toEqual([['join-user-room', 'u2']]);
  });

  it('a logout while the client is still loading connects nothing', async () => {
    client.connect('u1');
    client.disconnect();
    await vi.dynamicImportSettled();
    expect(lastSocket().connect).not.toHaveBeenCalled();
    expect(client.getState()).toBe('disconnected');
  });

  it('exposes its state to React', async () => {
    const { result } = renderHook(() => useRealtimeState(client));
    expect(result.current).toBe('disconnected');
    const socket = await act(() => connect(client, 'u1'));
    expect(result.current).toBe('connecting');
    act(() => socket.serverConnect());
    expect(result.current).toBe('connected');
  });
});
