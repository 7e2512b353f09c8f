import type { ErrorRequestHandler, RequestHandler } from 'express';
import type pino from 'pino';
import { WrongExpectedRevisionError } from '../eventstore/eventStore';
import { AppError } from './errors';
import { SERVER_MESSAGES } from '@affilux/contract';

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `Not found: ${req.method} ${req.baseUrl}${req.path}` });
};

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
  // body-parser: malformed JSON or a body over the limit.
  const status = (error as { status?: number; type?: string }).status;
  if (status && status >= 400 && status < 500) {
    const type = (error as { type?: string }).type;
    res.status(status).json(type === 'entity.parse.failed' ? { message: SERVER_MESSAGES.malformed_body, code: 'malformed_body' } : { message: (error as Error).message });
    return;
  }
  log.error({ err: error, reqId: req.id, method: req.method, url: req.originalUrl }, 'unexpected error');
  res.status(500).json({ message: 'Server error' });
};
