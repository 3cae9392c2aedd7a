import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { emailSettingsListSchema, emailSettingsResponseSchema, unsubscribeQuerySchema, updateEmailSettingsSchema } from '@parallels/contract/email-reports';
import { requireUser } from '../auth/session.js';
import { listEmailSettings, readUnsubscribeLink, TOPIC_NAMES, unsubscribe, updateEmailSettings, type EmailDeps, type UnsubscribeLink } from './email-reports.service.js';

// Email report settings per brand (issue 22), and the unsubscribe link every email carries: GET shows a
// confirmation page (a link scanner opening it changes nothing), POST unsubscribes (the page's button, and
// mail clients' one-click unsubscribe, RFC 8058, which posts `List-Unsubscribe=One-Click` as a form).
export async function emailReportRoutes(app: FastifyInstance, deps: Pick<EmailDeps, 'db' | 'keyring' | 'now'>): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/email/settings', { preHandler: requireUser, schema: { response: { 200: emailSettingsListSchema } } }, async (req) => ({
    success: true as const,
    data: await listEmailSettings(deps, req.user!.id),
  }));
  r.put('/api/email/settings/:brandId', { schema: { params: brandIdParamsSchema, body: updateEmailSettingsSchema, response: { 200: emailSettingsResponseSchema } } }, async (req) => ({
    success: true as const,
    data: await updateEmailSettings(deps, req.user!.id, req.brand!.id, req.body),
  }));

  // RFC 8058's POST is a form; this plugin alone reads forms (elsewhere JSON only), and only this field.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, { form: String(body) }));
  r.get('/api/email/unsubscribe', { schema: { querystring: unsubscribeQuerySchema } }, async (req, reply) => page(reply, await readUnsubscribeLink(deps, req.query.token), req.query.token, false));
  r.post('/api/email/unsubscribe', { schema: { querystring: unsubscribeQuerySchema } }, async (req, reply) => page(reply, await unsubscribe(deps, req.query.token), req.query.token, true));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The confirmation page (done: the result page); a forged or expired link is a 400 saying so. */
function page(reply: FastifyReply, link: UnsubscribeLink, token: string, done: boolean): FastifyReply {
  let title: string;
  let body: string;
  if (!link.ok) {
    title = 'Unsubscribe link not valid';
    body = `<p>${escapeHtml(link.message)}</p>`;
  } else {
    const what = `${TOPIC_NAMES[link.claim.topic]} for ${escapeHtml(link.brandName)}`;
    title = done ? 'Unsubscribed' : 'Unsubscribe';
    body = done
      ? `<p>You will no longer get ${what}.</p><p>You can turn them on again under Email reports in your profile.</p>`
      : `<p>Stop sending ${what}?</p>
         <form method="post" action="/api/email/unsubscribe?token=${encodeURIComponent(token)}">
           <input type="hidden" name="List-Unsubscribe" value="One-Click">
           <button type="submit">Unsubscribe</button>
         </form>`;
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} · Parallels</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:48px 16px}main{max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}button{background:#4f46e5;color:#fff;border:0;border-radius:6px;padding:10px 16px;font-size:15px;cursor:pointer}a{color:#4f46e5}</style>
</head><body><main><h1>${title}</h1>${body}<p><a href="/profile">Email settings</a></p></main></body></html>`;
  return reply.code(link.ok ? 200 : 400).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
}
