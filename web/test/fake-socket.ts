import { vi } from 'vitest';

/**
 * A stand-in for socket.io-client's socket, so no test opens a real connection. `test/setup.ts` mocks
 * `io` to hand these out; a test drives the "server" side with serverConnect, send, refuse and the like.
 */
type Handler = (...args: unknown[]) => void;

class FakeEmitter {
  private handlers = new Map<string, Set<Handler>>();
  on(event: string, handler: Handler): this {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event?: string, handler?: Handler): this {
    if (!event) this.handlers.clear();
    else if (!handler) this.handlers.delete(event);
    else this.handlers.get(event)?.delete(handler);
    return this;
  }
  removeAllListeners(): this {
    return this.off();
  }
  fire(event: string, ...args: unknown[]): void {
    for (const h of [...(this.handlers.get(event) ?? [])]) h(...args);
  }
  listenerCount(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }
}

export class FakeSocket extends FakeEmitter {
  connected = false;
  /** Socket.IO's meaning: it will keep trying to (re)connect by itself */
  active = false;
  readonly io = new FakeEmitter();
  /** what the client sent: [event, ...args] */
  readonly sent: unknown[][] = [];
  readonly connect = vi.fn(() => {
    this.active = true;
    return this;
  });
  readonly disconnect = vi.fn(() => {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  });

  constructor(readonly options: unknown) {
    super();
  }

  emit(event: string, ...args: unknown[]): this {
    this.sent.push([event, ...args]);
    return this;
  }

  // The server's side
  serverConnect(): void {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }
  send(event: string, payload: unknown): void {
    this.fire(event, payload);
  }
  serverDisconnect(reason: string): void {
    this.connected = false;
    // Socket.IO stops reconnecting when the server ended the connection on purpose.
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }
  /** A failed handshake: a middleware refusal leaves the socket inactive, a network failure does not. */
  refuse(message: string, { active = false }: { active?: boolean } = {}): void {
    this.active = active;
    this.fire('connect_error', new Error(message));
  }
}

export const fakeSockets: FakeSocket[] = [];

export const fakeSocketIo = vi.fn((options: unknown) => {
  const socket = new FakeSocket(options);
  fakeSockets.push(socket);
  return socket;
});

export function lastSocket(): FakeSocket {
  const s = fakeSockets.at(-1);
  if (!s) throw new Error('no socket was opened');
  return s;
}
