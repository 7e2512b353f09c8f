import { Router } from 'express';
import type pg from 'pg';
import { findUpload, uploadsDir } from './store';

/**
 * GET /uploads/<name>: an uploaded image, only under a name the server made and recorded, with its
 * detected type, `nosniff`, and a year of caching (names are random and never reused). Anything
 * else is a 404.
 */
export function serveUploads(deps: { pool: pg.Pool; dataDir: string }): Router {
  const router = Router();
  const dir = uploadsDir(deps.dataDir);
  router.get('/:name', async (req, res) => {
    const upload = await findUpload(deps.pool, String(req.params.name));
    if (!upload) {
      res.status(404).json({ message: 'Not found' });
      return;
    }
    res.setHeader('Content-Type', upload.content_type);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Disposition', 'inline');
    res.sendFile(upload.name, { root: dir, dotfiles: 'deny', cacheControl: false }, (error) => {
      if (error && !res.headersSent) res.status(404).json({ message: 'Not found' });
    });
  });
  router.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  return router;
}
