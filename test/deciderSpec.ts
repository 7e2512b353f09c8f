import { expect } from 'vitest';
import type { Decider, DomainEvent } from '../backend/src/eventstore/commands';
import { AppError } from '../backend/src/http/errors';

/**
 * Given/when/then for deciders, without a database:
 * `spec.given(submitted).when(approve).then([approved])`, `spec.given().when(x).thenThrows(404, 'User not found')`.
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(...history: Event[]) {
      const state = history.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          return {
            then(expected: Event[]) {
              expect(decider.decide(command, state)).toEqual(expected);
            },
            thenThrows(status: number, message: string) {
              let refusal: unknown;
              try {
                decider.decide(command, state);
              } catch (error) {
                refusal = error;
              }
              expect(refusal).toBeInstanceOf(AppError);
              expect(refusal).toMatchObject({ status, message });
            },
          };
        },
      };
    },
  };
}
