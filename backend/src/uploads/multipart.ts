import { MAX_IMAGE_BYTES } from '@affilux/contract';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { AppError, badRequest } from '../http/errors';
import { frenchSize, groupThousands } from '../http/frenchText';
import { inputHygiene } from '../http/inputHygiene';
import { detectImage, fitsCanvas, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, type DetectedImage } from './imageType';

export const UPLOAD_MESSAGES = {
  notAnImage: 'Le fichier doit être une image PNG, JPEG ou WebP',
  tooLarge: `Image trop volumineuse (${frenchSize(MAX_IMAGE_BYTES)} au maximum)`,
  canvasTooLarge: `Image trop grande : ${groupThousands(MAX_IMAGE_SIDE)} pixels de côté et ${MAX_IMAGE_PIXELS / 1_000_000} mégapixels au maximum`,
  oneFile: 'Une seule image par envoi',
  unexpectedFile: 'Fichier inattendu dans le formulaire',
  fileName: 'Nom de fichier invalide',
  formTooLarge: 'Formulaire trop volumineux',
  malformed: 'Formulaire multipart invalide',
} as const;

/**
 * A multipart form with at most one image in `field` (multer, kept in memory: nothing touches the
 * disk before the whole request is checked), bounded in file size, file count, field count and
 * field size. Every limit is a clear 4xx. Text fields are then checked like JSON bodies.
 */
export function multipartImage(field: string): RequestHandler[] {
  const upload = multer({
    storage: multer.memoryStorage(),
    // Keep the name as sent (busboy would cut it to its last segment), so a crafted one is seen and refused.
    preservePath: true,
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 256 * 1024, fieldNameSize: 100, parts: 22, headerPairs: 50 },
  }).single(field);
  const parse: RequestHandler = (req, res, next) => {
    upload(req, res, (error: unknown) => (error ? next(uploadError(error)) : next()));
  };
  return [parse, inputHygiene];
}

function uploadError(error: unknown): AppError {
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new AppError(413, UPLOAD_MESSAGES.tooLarge, { errors: [{ field: error.field ?? 'file', msg: UPLOAD_MESSAGES.tooLarge }] });
      case 'LIMIT_FILE_COUNT':
        return badRequest(UPLOAD_MESSAGES.oneFile);
      case 'LIMIT_UNEXPECTED_FILE':
        return badRequest(UPLOAD_MESSAGES.unexpectedFile, [{ field: error.field ?? 'file', msg: UPLOAD_MESSAGES.unexpectedFile }]);
      default:
        return badRequest(UPLOAD_MESSAGES.formTooLarge);
    }
  }
  return badRequest(UPLOAD_MESSAGES.malformed);
}

/**
 * A name a browser sends for a picked file: no path, no parent reference, no control or encoded
 * characters. It is never used to store anything; a crafted one is refused all the same.
 */
const isPlainFileName = (name: string) =>
  name.length > 0 && name.length <= 255 && !/[/\\%\u0000-\u001f\u007f]/.test(name) && !name.includes('..') && name.trim() === name;

export type ReceivedImage = { bytes: Buffer; image: DetectedImage };

/** The image of the request, checked by its content (magic bytes and header dimensions), or null when none was sent. */
export function receivedImage(req: Request): ReceivedImage | null {
  const file = req.file;
  if (!file) return null;
  if (!isPlainFileName(file.originalname)) throw badRequest(UPLOAD_MESSAGES.fileName, [{ field: file.fieldname, msg: UPLOAD_MESSAGES.fileName }]);
  const image = detectImage(file.buffer);
  if (!image) throw badRequest(UPLOAD_MESSAGES.notAnImage, [{ field: file.fieldname, msg: UPLOAD_MESSAGES.notAnImage }]);
  if (!fitsCanvas(image)) throw badRequest(UPLOAD_MESSAGES.canvasTooLarge, [{ field: file.fieldname, msg: UPLOAD_MESSAGES.canvasTooLarge }]);
  return { bytes: file.buffer, image };
}
