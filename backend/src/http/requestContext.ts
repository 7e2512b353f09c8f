import type { Request } from 'express';
import type { CommandContext } from '../eventstore/commands';

/**
 * The command context of an HTTP request: the signed-in user (or anonymous), the time from the
 * app's clock, and the request id as both the correlation id and the cause of what it records.
 */
export function requestContext(req: Request, now: Date): CommandContext {
  const user = req.user;
  return {
    actor: user ? { id: user.id, role: user.role } : { id: 'anonymous', role: 'anonymous' },
    correlationId: String(req.id),
    causationId: String(req.id),
    now,
  };
}
