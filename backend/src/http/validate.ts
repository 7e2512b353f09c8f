import { SERVER_MESSAGES, type ServerMessageCode } from '@affilux/contract';
import { z } from 'zod';
import { AppError, type FieldError } from './errors';

// Every answer is in French: a rule without its own message gets zod's French one, never its English default.
z.config(z.locales.fr());

const CODE_OF_MESSAGE = new Map(Object.entries(SERVER_MESSAGES).map(([code, message]) => [message as string, code as ServerMessageCode]));

/** Parses input with a zod schema; a failure is a 400 naming every failing field (with the message's code when it has one). */
export function parse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw invalidInput(result.error.issues);
}

/** The 400 of `parse` for the issues zod found. */
export function invalidInput(issues: readonly Pick<z.core.$ZodIssue, 'path' | 'message'>[]): AppError {
  const errors: FieldError[] = issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    msg: issue.message,
  }));
  const message = errors[0]!.msg;
  const code = CODE_OF_MESSAGE.get(message);
  return new AppError(400, message, code ? { errors, code } : { errors });
}

/** The value a shared rule check of the contract gave (checkVariant, checkManager...), or a 400 naming every broken rule. */
export function passRules<T>(check: { ok: true; value: T } | { ok: false; errors: FieldError[] }): T {
  if (check.ok) return check.value;
  throw new AppError(400, check.errors[0]!.msg, { errors: check.errors.map(({ field, msg }) => ({ field, msg })) });
}

const REVISION_MESSAGE = 'expected_revision doit être un entier positif ou nul';
// A multipart form (the offer's) sends it as text.
const seenRevision = z.object({
  expected_revision: z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v), z.number({ error: REVISION_MESSAGE }).int(REVISION_MESSAGE).min(0, REVISION_MESSAGE)).optional(),
});

/** The record's `revision` a save's form was filled from (`expected_revision` in the body), when the caller sends it. */
export const expectedRevisionOf = (body: unknown): number | undefined => parse(seenRevision, body).expected_revision;
