import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import { conversionDecider, DuplicateConversion } from './conversion';
import type { ConversionEvent } from './events';

const key = { user_id: 'u1', day: '2026-11-16', offer_id: 'o1', s1: 'fb', s2: '' };
const recorded: ConversionEvent = { type: 'ConversionRecorded', data: { ...key, kind: 'bill', txid: 'T-1' } };
const { given } = deciderSpec(conversionDecider);

describe('a postback transaction', () => {
  it('is recorded once with the row it counts on', () => {
    given().when({ type: 'RecordConversion', key, kind: 'bill', txid: 'T-1' }).then([recorded]);
  });

  it('counts once, ever: a repeat, even after a reversal, is a duplicate', () => {
    expect(() => conversionDecider.decide({ type: 'RecordConversion', key, kind: 'bill', txid: 'T-1' }, conversionDecider.evolve(conversionDecider.initialState(), recorded))).toThrow(DuplicateConversion);
  });

  it('is taken back out by a reversal naming the same row, once', () => {
    const reversed: ConversionEvent = { type: 'ConversionReversed', data: { ...key, kind: 'bill', txid: 'T-1' } };
    given(recorded).when({ type: 'ReverseConversion', kind: 'bill', txid: 'T-1', userId: 'u1' }).then([reversed]);
    given(recorded, reversed).when({ type: 'ReverseConversion', kind: 'bill', txid: 'T-1', userId: 'u1' }).then([]);
  });

  it("refuses to reverse a transaction it never saw with 'Transaction inconnue'", () => {
    given().when({ type: 'ReverseConversion', kind: 'bill', txid: 'T-9', userId: 'u1' }).thenThrows(404, 'Transaction inconnue : rien à annuler');
  });

  it('refuses a reversal naming another affiliate than the one it counted for, taking nothing back', () => {
    given(recorded).when({ type: 'ReverseConversion', kind: 'bill', txid: 'T-1', userId: 'u2' }).thenThrows(409, "Cette transaction a été enregistrée pour un autre affilié : rien n'a été annulé");
  });
});
