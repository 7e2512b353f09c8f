import { isTracker, OFFER_MESSAGES } from '@affilux/contract';
import type { Decider } from '../eventstore/commands';
import { badRequest } from '../http/errors';
import type { TrackersEvent } from './events';

export type SetTrackers = { type: 'SetTrackers'; userId: string; offerId: string; tracker1: string; tracker2: string };

/** The one decider of `trackers-<userId>_<offerId>` streams: setting the trackers they already have records nothing. */
export const trackersDecider: Decider<SetTrackers, TrackersEvent, { tracker1: string; tracker2: string }> = {
  initialState: () => ({ tracker1: '', tracker2: '' }),
  evolve: (_state, event) => ({ tracker1: event.data.tracker1, tracker2: event.data.tracker2 }),
  decide(command, state) {
    if (!isTracker(command.tracker1) || !isTracker(command.tracker2)) throw badRequest(OFFER_MESSAGES.invalidTrackers);
    if (command.tracker1 === state.tracker1 && command.tracker2 === state.tracker2) return [];
    return [{ type: 'OfferTrackersSet', data: { user_id: command.userId, offer_id: command.offerId, tracker1: command.tracker1, tracker2: command.tracker2 } }];
  },
};
