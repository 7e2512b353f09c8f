import { HttpError } from 'react-admin';

interface ErrorBody {
  message?: string;
  errors?: { field: string; msg: string }[];
}

const errorBody = (error: unknown): ErrorBody | undefined =>
  error instanceof HttpError && error.body && typeof error.body === 'object' ? (error.body as ErrorBody) : undefined;

/** The API's `message` for a failed call, when it sent one (every API error is `{ message, errors? }`). */
export const serverMessage = (error: unknown): string | undefined => errorBody(error)?.message || undefined;

/** The `msg` of each failing field of a 400 answer, or an empty list. */
export const validationMessages = (error: unknown): string[] =>
  (errorBody(error)?.errors ?? []).map((item) => item.msg);
