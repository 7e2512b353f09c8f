import type { EventStore } from '../eventstore/eventStore';
import { toNewEvents, type CommandContext } from '../eventstore/commands';

/**
 * Sign-ins are an activity log (`signins-<user id>`), not a domain stream: no rule depends on
 * them and no command reads them back, so they are appended at the tail without a revision
 * check (a revision check would make two simultaneous sign-ins of one account conflict, and
 * reading the whole log at every sign-in would grow with it). The users read model takes the
 * last connection from them.
 */
export const signInStream = (userId: string) => `signins-${userId}`;

export async function recordSignIn(eventStore: EventStore, userId: string, ctx: CommandContext) {
  return eventStore.append(signInStream(userId), toNewEvents([{ type: 'SignedIn', data: {} }], ctx), { expectedRevision: 'any' });
}
