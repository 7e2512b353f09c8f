/** The one error type of the API: a status and the message the front ends show. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: { errors?: FieldError[] },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export type FieldError = { field: string; msg: string };

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors ? { errors } : undefined);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
