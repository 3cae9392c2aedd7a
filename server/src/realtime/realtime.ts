import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import pg from 'pg';
import { CLIENT_EVENTS, SERVER_EVENTS, type RealtimeMessage } from '@parallels/contract/realtime';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { resolveSession } from '../modules/auth/auth.service.js';
import { userHasBrand } from '../modules/brands/brand-access.js';
import { isUnknownHost, requestOrigins } from '../plugins/security.js';
import { notifyChannel } from './realtime.sql.js';

const CHANNEL = 'parallels_realtime';

/** Where a message goes: a user's room or a brand's room. */
export type RealtimeTarget = { userId: string } | { brandId: string };

export interface RealtimePublisher {
  publish(target: RealtimeTarget, message: RealtimeMessage): Promise<void>;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * Socket.IO on the app's HTTP server (ARCHITECTURE "Realtime"). A socket needs a valid session (the cookie)
 * and an allowed Origin (checklist B5); it joins only its own user room and brands on its list. Messages
 * are published through NOTIFY on both engines, so a job in any process (a worker, another API process)
 * reaches every API process's sockets; on embedded PGlite, PGlite's own LISTEN delivers them.
 */
export async function attachRealtime(app: FastifyInstance, deps: { database: DatabaseHandle; config: Config; serve?: boolean }): Promise<RealtimePublisher> {
  const { database, config } = deps;
  const publisher: RealtimePublisher = {
    async publish(target, message) {
      await notifyChannel(database.db, CHANNEL, JSON.stringify({ target, message }));
    },
  };
  // A worker process (PARALLELS_ROLE=worker) has no sockets: it only publishes, and the API processes deliver.
  if (deps.serve === false) return publisher;
  const allowed = requestOrigins(config);
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, callback) => {
      // the same rules as every HTTP request (plugins/security.ts); a handshake is a GET, so its Origin is checked here
      const origin = req.headers.origin;
      callback(null, !isUnknownHost(req.headers, allowed) && (origin === undefined || allowed.origins.has(origin)));
    },
  });

  io.use(async (socket, next) => {
    const sid = cookieValue(socket.handshake.headers.cookie, config.session.cookieName);
    const user = sid ? (await resolveSession({ db: database.db, config }, sid).catch(() => undefined))?.user : undefined;
    if (!user) return next(new Error('unauthorized'));
    socket.data.userId = user.id;
    next();
  });

  io.on('connection', (socket: Socket) => {
    const userId = socket.data.userId as string;
    socket.on(CLIENT_EVENTS.joinUserRoom, (id: unknown) => {
      if (id === userId) void socket.join(`user:${userId}`);
      else socket.emit(SERVER_EVENTS.errorMessage, { message: 'You can only join your own room.' });
    });
    socket.on(CLIENT_EVENTS.joinBrandRoom, async (brandId: unknown) => {
      // Access is checked on every join: a brand removed from the user's list is refused at once.
      if (typeof brandId === 'string' && (await userHasBrand(database.db, userId, brandId))) void socket.join(`brand:${brandId}`);
      else socket.emit(SERVER_EVENTS.errorMessage, { message: 'Brand not found' });
    });
    socket.on(CLIENT_EVENTS.leaveBrandRoom, (brandId: unknown) => {
      if (typeof brandId === 'string') void socket.leave(`brand:${brandId}`);
    });
    socket.on(CLIENT_EVENTS.ping, () => socket.emit(SERVER_EVENTS.pong, { at: new Date().toISOString() }));
  });

  const deliver = (target: RealtimeTarget, message: RealtimeMessage) => {
    if ('userId' in target) io.to(`user:${target.userId}`).emit(SERVER_EVENTS.notification, message);
    else io.to(`brand:${target.brandId}`).emit(SERVER_EVENTS.brandNotification, message);
  };

  const onNotification = (payload: string | undefined) => {
    try {
      const { target, message } = JSON.parse(payload ?? '{}') as { target: RealtimeTarget; message: RealtimeMessage };
      deliver(target, message);
    } catch (err) {
      app.log.warn({ err }, 'malformed realtime notification');
    }
  };
  let stopListening: () => Promise<void>;
  if (database.queueConnection.kind === 'postgres') {
    const listener = new pg.Client({ connectionString: database.queueConnection.url });
    listener.on('error', (err) => app.log.warn({ err }, 'realtime listener lost its connection'));
    await listener.connect();
    await listener.query(`listen ${CHANNEL}`);
    listener.on('notification', (n) => onNotification(n.payload));
    stopListening = () => listener.end();
  } else {
    // PGlite's own LISTEN: every app on the one embedded database (tests run an API and a worker side by side) hears it
    const unlisten = await database.queueConnection.client.listen(CHANNEL, onNotification);
    stopListening = () => unlisten().catch(() => undefined);
  }

  // Before the HTTP server closes: open websockets would otherwise keep it from closing. Closing the
  // transports (not disconnecting the sockets) lets browsers reconnect to the restarted server.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await stopListening();
  });

  return publisher;
}
