import { createHash } from 'node:crypto';
import type { Decider } from '../eventstore/commands';
import { AppError } from '../http/errors';
import type { ConversionEvent, ConversionKind, FigureKey } from './events';

type Conversion = { status: 'none' } | { status: 'recorded' | 'reversed'; key: FigureKey };

export type ConversionCommand =
  | { type: 'RecordConversion'; key: FigureKey; kind: ConversionKind; txid: string }
  /** `userId`: the affiliate the reversal names (its `source`), who must be the one the transaction counted for. */
  | { type: 'ReverseConversion'; kind: ConversionKind; txid: string; userId: string };

/** A transaction id seen before for this offer and kind (recorded or reversed): it counts once, ever. */
export class DuplicateConversion extends Error {}

/** The one decider of `conversion-...` streams: record once, reverse once (a second reversal records nothing). */
export const conversionDecider: Decider<ConversionCommand, ConversionEvent, Conversion> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'ConversionRecorded') {
      const { user_id, day, offer_id, s1, s2 } = event.data;
      return { status: 'recorded', key: { user_id, day, offer_id, s1, s2 } };
    }
    return state.status === 'none' ? state : { ...state, status: 'reversed' };
  },
  decide(command, state) {
    if (command.type === 'RecordConversion') {
      if (state.status !== 'none') throw new DuplicateConversion();
      return [{ type: 'ConversionRecorded', data: { ...command.key, kind: command.kind, txid: command.txid } }];
    }
    if (state.status === 'none') throw new AppError(404, 'Transaction inconnue : rien à annuler');
    // A reversal naming another affiliate is a mistake on the brand's side: taking the wrong conversion back would be worse.
    if (state.key.user_id !== command.userId) throw new AppError(409, "Cette transaction a été enregistrée pour un autre affilié : rien n'a été annulé");
    if (state.status === 'reversed') return [];
    return [{ type: 'ConversionReversed', data: { ...state.key, kind: command.kind, txid: command.txid } }];
  },
};

/** The stream of one offer's transaction of one kind; the transaction id is hashed (any text a brand sends stays out of stream names). */
export const conversionStream = (offerId: string, kind: ConversionKind, txid: string) =>
  `conversion-${offerId}-${kind}-${createHash('sha256').update(txid).digest('hex').slice(0, 40)}`;
