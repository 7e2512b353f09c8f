import type { Request } from 'express';
import type { CommandContext } from '../eventstore/commands';

/** The command context of an HTTP request: the signed-in user (or anonymous), the request id, and the time from the app's clock. */
export function requestContext(req: Request, now: Date): CommandContext {
  const user = req.user;
  return {
    actor: user ? { id: user.id, role: user.role } : { id: 'anonymous', role: 'anonymous' },
    correlationId: String(req.id),
    now,
  };
}
