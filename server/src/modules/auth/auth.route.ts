import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  checkTokenResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  signupBodySchema,
  signupResponseSchema,
} from '@parallels/contract/auth';
import { successResponseSchema } from '@parallels/contract/common';
import type { AuthDeps } from './auth.service.js';
import { endSession, login, signup, toUser } from './auth.service.js';
import { clearSessionCookie, setSessionCookie } from './session.js';

export async function authRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.config.auth.rateLimitPerMinute, timeWindow: '1 minute' };

  r.post('/api/auth/signup', { schema: { body: signupBodySchema, response: { 201: signupResponseSchema } }, config: { rateLimit } }, async (req, reply) => {
    await signup(deps, req.body);
    return reply.code(201).send({ success: true, message: AUTH_MESSAGES.signedUp });
  });

  r.post('/api/auth/login/normal', { schema: { body: loginBodySchema, response: { 200: loginResponseSchema } }, config: { rateLimit } }, async (req, reply) => {
    // A login always gets a fresh session id; any session the browser had before is ended (fixation).
    if (req.sessionId) await endSession(deps.db, req.sessionId);
    const { sessionId, user } = await login(deps, req.body);
    setSessionCookie(reply, deps.config, sessionId);
    return { success: true as const, user };
  });

  r.post('/api/auth/logout', { schema: { response: { 200: successResponseSchema } } }, async (req, reply) => {
    if (req.sessionId) await endSession(deps.db, req.sessionId);
    clearSessionCookie(reply, deps.config);
    return { success: true as const };
  });

  r.get('/api/auth/check-token', { schema: { response: { 200: checkTokenResponseSchema, 401: checkTokenResponseSchema } } }, async (req, reply) => {
    if (!req.user) return reply.code(401).send({ isValid: false, message: AUTH_MESSAGES.sessionInvalid });
    return { isValid: true, message: AUTH_MESSAGES.sessionValid, user: await toUser(deps.db, req.user) };
  });
}
