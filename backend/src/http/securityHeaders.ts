import { Router, type RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer (API, both front ends), built for what the two
 * Vite builds do:
 *
 * - scripts: only the bundles served from this origin; no inline script, no eval, no inline
 *   event handler (`script-src-attr 'none'`);
 * - styles: the bundles plus the <style> elements that MUI's emotion inserts at run time, hence
 *   `'unsafe-inline'` for styles only (emotion would need a per-request nonce threaded through its
 *   cache for anything stricter, and an injected style cannot run code);
 * - fonts: self-hosted (@fontsource), `data:` for fonts small enough for Vite to inline;
 * - images: this origin (assets, `/uploads`), `data:` URIs (the back office's favicon, inlined
 *   icons) and `blob:` (previews of a file picked for upload);
 * - no plugins, no <base> elsewhere, forms post to this origin only, and no page may frame ours
 *   (`frame-ancestors 'none'`, with X-Frame-Options: DENY for older browsers).
 *
 * `upgrade-insecure-requests` is left out: the product also runs over plain HTTP on a developer
 * machine or a LAN address, where it would break every asset. The local mail inbox (/inbox) sets
 * its own, narrower policy for its one inline script (mail/mailCatcher.ts).
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'", 'data:'],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Security headers on every answer (helmet), and `Cache-Control: no-store` on every /api/v1
 * answer (tokens, profiles, payment details, figures and invoices must never sit in a browser or proxy cache).
 * Mount it first: `app.use(securityHeaders())`.
 *
 * Besides the policy above: `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`,
 * `Referrer-Policy: no-referrer` (reset links carry their token in the URL: no page may leak it
 * to another site through the Referer header), HSTS (ignored by browsers over plain HTTP),
 * `Cross-Origin-Opener-Policy` and `Cross-Origin-Resource-Policy: same-origin`.
 */
export function securityHeaders(): Router {
  const router = Router();
  router.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    }),
  );
  router.use('/api/v1', noStore);
  return router;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** The policy as a header value, for answers that extend it (e.g. the mail inbox). */
export function policyHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
