import type { z } from 'zod';
import { AppError, type FieldError } from './errors';

/** Parses input with a zod schema; a failure is a 400 naming every failing field. */
export function parse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    msg: issue.message,
  }));
  throw new AppError(400, errors[0]!.msg, { errors });
}
