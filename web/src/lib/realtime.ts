import { useSyncExternalStore } from 'react';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@parallels/contract/realtime';

/**
 * The realtime connection (spec core.md sections 4, 7, 8, 9): one Socket.IO socket to the app's own origin
 * while someone is signed in. It joins the user's room and the selected brand's room, swaps brand rooms when
 * the brand changes, and hands every `{type, data}` message to whoever listens (notifications, sync status).
 */
export type RealtimeState = 'connecting' | 'connected' | 'disconnected';

/** A message as the server sent it; listeners parse `data` with the contract's schemas. */
export interface RealtimeEnvelope {
  type: string;
  data: unknown;
  /** `notification` arrives on the user's room, `brand-notification` on the brand's */
  room: 'user' | 'brand';
}

// spec core.md section 9: timeout 20 s; at most 5 reconnect attempts; backoff 1 s doubling, capped at 30 s.
// randomizationFactor 0 keeps the delays exactly 1, 2, 4, 8, 16 s, as the spec states them.
export const REALTIME_OPTIONS = {
  path: '/socket.io',
  // Polling first always works through proxies; the client upgrades to a websocket when it can.
  transports: ['polling', 'websocket'],
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 30_000,
  randomizationFactor: 0,
  // The handshake is authenticated by the session cookie.
  withCredentials: true,
  autoConnect: false,
} satisfies Partial<ManagerOptions & SocketOptions>;

/** The wait before retry number `attempt` (1-based): 1 s, 2 s, 4 s, ... never more than 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(REALTIME_OPTIONS.reconnectionDelay * 2 ** (attempt - 1), REALTIME_OPTIONS.reconnectionDelayMax);
}

/** The server refuses a handshake without a valid session with the message 'unauthorized'. */
export function isAuthFailure(error: Error): boolean {
  return /unauthori[sz]ed|authenticat/i.test(error.message);
}

type Listener<T> = (value: T) => void;
export type OpenSocket = (options: typeof REALTIME_OPTIONS) => Promise<Socket>;

// socket.io-client is needed only once someone is signed in: loading it then keeps it out of the landing
// page's first download (budget 150 KB gzipped, bench/src/bundle-size.ts).
const openSocket: OpenSocket = async (options) => (await import('socket.io-client')).io(options);

export function createRealtimeClient(open: OpenSocket = openSocket) {
  let socket: Socket | null = null;
  // Bumped by every connect and disconnect: a socket still loading for an older one is thrown away.
  let session = 0;
  let userId: string | null = null;
  let brandId: string | null = null;
  let state: RealtimeState = 'disconnected';
  // Our own retries, for refusals Socket.IO does not retry by itself (a handshake error other than auth).
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const stateListeners = new Set<() => void>();
  const messageListeners = new Set<Listener<RealtimeEnvelope>>();
  const authFailureListeners = new Set<Listener<Error>>();

  const setState = (next: RealtimeState) => {
    if (next === state) return;
    state = next;
    for (const l of stateListeners) l();
  };

  const deliver = (room: RealtimeEnvelope['room']) => (payload: unknown) => {
    if (typeof payload !== 'object' || payload === null || typeof (payload as { type?: unknown }).type !== 'string') {
      console.debug('realtime: ignored a message without a type', payload);
      return;
    }
    const { type, data } = payload as { type: string; data?: unknown };
    for (const l of messageListeners) l({ type, data, room });
  };

  const wire = (s: Socket) => {
    // A socket we already let go of may still report its last events: ignore them.
    const current = () => socket === s;
    s.on('connect', () => {
      if (!current()) return;
      retries = 0;
      setState('connected');
      // Rooms do not survive a reconnection: join them again every time.
      if (userId) s.emit(CLIENT_EVENTS.joinUserRoom, userId);
      if (brandId) s.emit(CLIENT_EVENTS.joinBrandRoom, brandId);
    });
    s.on('disconnect', (reason: string) => {
      if (!current()) return;
      // 'io server disconnect': the server ended it on purpose, so we stay away (spec: no retry).
      // Otherwise Socket.IO's own reconnection is already under way.
      setState(reason === 'io server disconnect' || reason === 'io client disconnect' || !s.active ? 'disconnected' : 'connecting');
    });
    s.on('connect_error', (error: Error) => {
      if (!current()) return;
      if (isAuthFailure(error)) {
        clearTimeout(retryTimer);
        setState('disconnected');
        for (const l of authFailureListeners) l(error);
        return;
      }
      console.debug('realtime: connection failed, retrying', error.message);
      if (s.active) {
        setState('connecting'); // a network-level failure: the manager retries with its backoff
        return;
      }
      // A handshake the server refused for another reason: Socket.IO gives up, we retry on the same schedule.
      retries += 1;
      if (retries > REALTIME_OPTIONS.reconnectionAttempts) {
        setState('disconnected');
        return;
      }
      setState('connecting');
      retryTimer = setTimeout(() => {
        if (current()) s.connect();
      }, reconnectDelay(retries));
    });
    s.io.on('reconnect_attempt', () => {
      if (current()) setState('connecting');
    });
    s.io.on('reconnect_failed', () => {
      if (!current()) return;
      console.debug('realtime: gave up after', REALTIME_OPTIONS.reconnectionAttempts, 'attempts');
      setState('disconnected');
    });
    s.on(SERVER_EVENTS.notification, deliver('user'));
    s.on(SERVER_EVENTS.brandNotification, deliver('brand'));
    s.on(SERVER_EVENTS.errorMessage, (payload: unknown) => console.debug('realtime: server said', payload));
  };

  const client = {
    getState: (): RealtimeState => state,
    subscribeState(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    /** Every `{type, data}` from the user's or the brand's room. */
    onMessage(listener: Listener<RealtimeEnvelope>): () => void {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    /** The server refused the session: the user has to sign in again. */
    onAuthFailure(listener: Listener<Error>): () => void {
      authFailureListeners.add(listener);
      return () => authFailureListeners.delete(listener);
    },
    /** Open the connection for a signed-in user (again for the same user is a no-op). */
    connect(forUserId: string): void {
      if (userId === forUserId) return;
      if (userId !== null) client.disconnect(); // another user's socket and brand are not this user's
      userId = forUserId;
      const ticket = ++session;
      setState('connecting');
      open(REALTIME_OPTIONS).then(
        (s) => {
          if (ticket !== session) return;
          socket = s;
          wire(s);
          s.connect();
        },
        (error: unknown) => {
          if (ticket !== session) return;
          console.debug('realtime: the client could not be loaded', error);
          setState('disconnected');
        },
      );
    },
    /** Logout: close the socket and forget the user and brand. */
    disconnect(): void {
      session += 1;
      clearTimeout(retryTimer);
      retries = 0;
      const s = socket;
      socket = null;
      userId = null;
      brandId = null;
      s?.disconnect();
      s?.removeAllListeners();
      setState('disconnected');
    },
    /** The selected brand: leave the old brand's room, join the new one (or only remember it until connected). */
    setBrand(next: string | null): void {
      if (next === brandId) return;
      const previous = brandId;
      brandId = next;
      if (!socket?.connected) return;
      if (previous) socket.emit(CLIENT_EVENTS.leaveBrandRoom, previous);
      if (next) socket.emit(CLIENT_EVENTS.joinBrandRoom, next);
    },
    ping(): void {
      if (socket?.connected) socket.emit(CLIENT_EVENTS.ping);
    },
  };
  return client;
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

/** The app's one connection. */
export const realtime: RealtimeClient = createRealtimeClient();

export function useRealtimeState(client: RealtimeClient = realtime): RealtimeState {
  return useSyncExternalStore(client.subscribeState, client.getState, client.getState);
}
