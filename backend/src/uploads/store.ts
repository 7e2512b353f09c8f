import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { DetectedImage } from './imageType';

export type UploadPurpose = 'brand_image' | 'template_image';
export type UploadRow = { name: string; purpose: UploadPurpose; content_type: string; bytes: number; width: number; height: number; sha256: string; uploaded_by: string; created_at: string };

/** The folder of uploaded files: DATA_DIR/uploads. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** A name the server makes (random, with the extension of the detected type): the only names ever written or served. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/**
 * Writes an image under a server-made name and records its metadata; the client's file name is
 * never used. If recording fails the file is removed again.
 */
export async function saveImage(deps: { pool: pg.Pool; dataDir: string }, bytes: Buffer, image: DetectedImage, purpose: UploadPurpose, uploadedBy: string): Promise<UploadRow> {
  const name = `${randomBytes(16).toString('hex')}.${image.extension}`;
  const dir = uploadsDir(deps.dataDir);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await fs.writeFile(file, bytes, { flag: 'wx', mode: 0o644 });
  try {
    const { rows } = await deps.pool.query<UploadRow>(
      `INSERT INTO uploads (name, purpose, content_type, bytes, width, height, sha256, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [name, purpose, image.contentType, bytes.length, image.width, image.height, createHash('sha256').update(bytes).digest('hex'), uploadedBy],
    );
    return rows[0]!;
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
}

/** Removes an image that ended up unused (its offer was refused after the upload). */
export async function discardImage(deps: { pool: pg.Pool; dataDir: string }, name: string): Promise<void> {
  if (!UPLOAD_NAME.test(name)) return;
  await deps.pool.query('DELETE FROM uploads WHERE name = $1', [name]);
  await fs.rm(path.join(uploadsDir(deps.dataDir), name), { force: true });
}

export async function findUpload(pool: pg.Pool, name: string): Promise<UploadRow | null> {
  if (!UPLOAD_NAME.test(name)) return null;
  const { rows } = await pool.query<UploadRow>('SELECT * FROM uploads WHERE name = $1', [name]);
  return rows[0] ?? null;
}

/** The names among `names` that are uploaded images of `purpose`. */
export async function existingUploads(pool: pg.Pool, names: string[], purpose: UploadPurpose): Promise<Set<string>> {
  const valid = names.filter((n) => UPLOAD_NAME.test(n));
  if (!valid.length) return new Set();
  const { rows } = await pool.query<{ name: string }>('SELECT name FROM uploads WHERE name = ANY($1::text[]) AND purpose = $2', [valid, purpose]);
  return new Set(rows.map((r) => r.name));
}
