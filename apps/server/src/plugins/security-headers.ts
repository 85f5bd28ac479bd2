import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConsolePath } from './console';
import { isApiPath } from './web';

/**
 * The web app's Content-Security-Policy (decision 0137). Scripts only from this origin, never inline
 * and never evaluated; the two third parties the app may load after consent or for bot protection
 * (Google Tag Manager, reCAPTCHA v3) are named. The HEIC converter runs in a worker made from a blob
 * URL (heic-to's CSP build: no eval, no real WebAssembly), hence `worker-src blob:`. Styles keep
 * 'unsafe-inline': Radix's scroll lock injects a <style> element, and styles cannot run code. Images and
 * fonts may come from any https site: a venue's branding names its logo, pictures and font file by
 * address (decision 0183); neither can run code.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' https://www.googletagmanager.com https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
  'frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/',
  "font-src 'self' https:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The operator console's policy (decision 0222): its own scripts only, never inline or evaluated, and no
 * third party at all (no tag manager, no reCAPTCHA). Styles keep 'unsafe-inline': Mantine writes its theme's
 * CSS variables in a <style> element and positions menus and dialogs with style attributes; styles cannot
 * run code. Images from any https site: the company's logo and staff photos may be stored elsewhere (S3).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The survey editor's preview page (issue 31 item 4, decision 0258): the guest app at /preview, framed by
 * the console on this site and by nothing else. Every other page refuses any frame.
 */
export const PREVIEW_PAGE = '/preview';
export const PREVIEW_CSP = APP_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
const isPreviewPage = (path: string) => path === PREVIEW_PAGE || path === `${PREVIEW_PAGE}/`;

/** API answers are data: nothing in them may run, load or be framed, even if a browser opens one. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const isApiData = (request: FastifyRequest, reply: FastifyReply) => {
  const path = request.url.split('?', 1)[0] ?? '/';
  const type = String(reply.getHeader('content-type') ?? '');
  // The docs page under /api is HTML and needs the app's (self-only) policy to render.
  return isApiPath(path) && !type.startsWith('text/html');
};

/**
 * API answers are never stored by a browser, proxy or CDN (decision 0194): receipts (survey.transaction),
 * response secrets (submit), review drafts (prompt), photo URLs (upload), device tokens and teams
 * (device.*, manage.*) are personal or secret, and no API answer relies on an HTTP cache. A route that
 * may be kept says so itself (a photo: private, immutable).
 */
export const API_CACHE_CONTROL = 'no-store';

/**
 * HTTPS only from now on for a year (decision 0194), sent only on an answer that went out over HTTPS:
 * TLS here, or a proxy TRUST_PROXY lists saying X-Forwarded-Proto https (Fastify's request.protocol
 * believes the header from those peers alone). Not includeSubDomains: the operator's other hosts are
 * not ours to pin.
 */
export const HSTS = 'max-age=31536000';

/** Sets the security headers a route has not set itself (uploads send their own stricter policy). */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const set = (name: string, value: string) => {
    if (!reply.hasHeader(name)) reply.header(name, value);
  };
  set('x-content-type-options', 'nosniff');
  // Guest links may carry a receipt PIN in their query (G1 URL parameters): never pass it on.
  set('referrer-policy', 'same-origin');
  const path = request.url.split('?', 1)[0] ?? '/';
  const preview = isPreviewPage(path);
  set('x-frame-options', preview ? 'SAMEORIGIN' : 'DENY');
  set(
    'content-security-policy',
    isApiData(request, reply) ? API_CSP : isConsolePath(path) ? CONSOLE_CSP : preview ? PREVIEW_CSP : APP_CSP,
  );
  if ((request.url.split('?', 1)[0] ?? '/').startsWith('/api/v1/')) set('cache-control', API_CACHE_CONTROL);
  if (request.protocol === 'https') set('strict-transport-security', HSTS);
}

/**
 * Security headers on every answer (API, web app, static files, uploads, errors). Answers Fastify makes
 * before routing (frameworkErrors in app.ts) skip the hooks and call setSecurityHeaders themselves.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(request, reply);
    return payload;
  });
}
