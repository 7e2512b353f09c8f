import type { ErrorRequestHandler, RequestHandler } from 'express';
import type pino from 'pino';
import { WrongExpectedRevisionError } from '../eventstore/eventStore';
import { AppError } from './errors';
import { frenchSize } from './frenchText';
import { loggedUrl } from './requestLogging';
import { SERVER_MESSAGES } from '@affilux/contract';

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `Not found: ${req.method} ${req.baseUrl}${req.path}` });
};

/** body-parser's errors by `type`, in French (its own messages are English, and some echo the request). */
const BODY_ERROR_MESSAGES: Record<string, string> = {
  'entity.too.large': 'Requête trop volumineuse',
  'parameters.too.many': 'Requête trop volumineuse : trop de paramètres',
  'querystring.parse.rangeError': 'Requête invalide : paramètres trop imbriqués',
  'charset.unsupported': 'Jeu de caractères non pris en charge : envoyez la requête en UTF-8',
  'encoding.unsupported': 'Encodage de la requête non pris en charge',
  'request.aborted': 'Requête interrompue avant la fin de son envoi',
  'request.size.invalid': 'La taille de la requête ne correspond pas à son en-tête Content-Length',
  'entity.verify.failed': 'Requête refusée',
};

/** Any other 4xx (from Express or a library) by its status, in French. */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Requête invalide',
  404: 'Introuvable',
  413: 'Requête trop volumineuse',
  415: 'Type de contenu non pris en charge',
};

/** The French message of a 4xx that is no AppError: never the library's English text. */
function clientErrorMessage(status: number, type: unknown, limit: unknown): string {
  const message = (typeof type === 'string' && Object.hasOwn(BODY_ERROR_MESSAGES, type) ? BODY_ERROR_MESSAGES[type] : STATUS_MESSAGES[status]) ?? 'Requête refusée';
  return type === 'entity.too.large' && typeof limit === 'number' ? `${message} (${frenchSize(limit)} au maximum)` : message;
}

/** Every error leaves as JSON with `message`; unexpected ones are logged with the request id and answered 500. */
export const createErrorHandler = (log: pino.Logger): ErrorRequestHandler => (error, req, res, _next) => {
  if (error instanceof AppError) {
    res.status(error.status).json({ message: error.message, ...error.details });
    return;
  }
  if (error instanceof WrongExpectedRevisionError) {
    res.status(409).json({ message: SERVER_MESSAGES.concurrent_change, code: 'concurrent_change' });
    return;
  }
  // body-parser (malformed JSON, a body over the limit...) and Express itself: a 4xx whose own message is English.
  const { status, type, limit } = (error ?? {}) as { status?: unknown; type?: unknown; limit?: unknown };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json(type === 'entity.parse.failed' ? { message: SERVER_MESSAGES.malformed_body, code: 'malformed_body' } : { message: clientErrorMessage(status, type, limit) });
    return;
  }
  log.error({ err: error, reqId: req.id, method: req.method, url: loggedUrl(req.originalUrl) }, 'unexpected error');
  res.status(500).json({ message: 'Server error' });
};
