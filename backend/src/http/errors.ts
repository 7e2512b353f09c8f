import { SERVER_MESSAGES, type ServerMessageCode } from '@affilux/contract';

export type FieldError = { field: string; msg: string };

type Details = { errors?: FieldError[]; code?: ServerMessageCode; [extra: string]: unknown };

/**
 * The one error type of the API: a status and the message the front ends show. Messages the spec
 * gives in English carry a stable `code` (contract/src/messages.ts) so the front ends can show
 * them in the interface's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Details,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** An error whose message is one of the spec's server messages, with its code. */
  static coded(status: number, code: ServerMessageCode, details?: Omit<Details, 'code'>): AppError {
    return new AppError(status, SERVER_MESSAGES[code], { ...details, code });
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors ? { errors } : undefined);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** A save built on a record someone else changed since it was opened (its `expected_revision` is behind). */
export const STALE_FORM = "Cet élément a été modifié par quelqu'un d'autre depuis que vous l'avez ouvert : rechargez-le pour voir ses nouvelles valeurs, puis refaites votre modification";
