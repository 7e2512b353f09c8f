import type { z } from 'zod';

/** First error message (translation key) per field, or an empty object when the values are valid. */
export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Form errors hold translation keys; a server's own field message is kept behind this prefix and shown as sent. */
const SERVER_PREFIX = 'server:';

/** A 400 answer's field messages (`{ field: msg }`) as form errors. */
export function serverFieldErrors(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([field, text]) => [field, `${SERVER_PREFIX}${text}`]));
}

/** The text of a form error: its translation, or the server's message as sent. */
export function errorText(error: string | undefined, translate: (key: string) => string): string | undefined {
  if (!error) return undefined;
  return error.startsWith(SERVER_PREFIX) ? error.slice(SERVER_PREFIX.length) : translate(error);
}

/**
 * Once a refused submit has shown its errors, moves the keyboard to the first field in error, so
 * that a screen reader reads it with its message (linked by aria-describedby) instead of nothing.
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
