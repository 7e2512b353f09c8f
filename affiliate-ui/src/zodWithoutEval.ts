import { z } from 'zod';

/**
 * Zod 4 compiles object schemas with `new Function` when it may, and probes for it by calling
 * `Function('')` as each object schema is built. The server's Content-Security-Policy has no
 * 'unsafe-eval' (backend/src/http/securityHeaders.ts), so the probe is refused and reported as a
 * violation on every page. Jitless parsing gives the same results without evaluating code.
 * Imported first by main.tsx, before any module builds a schema.
 */
z.config({ jitless: true });
