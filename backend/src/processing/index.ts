import type { EventProcessor } from './processor';
import type { Feature, ReactorDeps } from '../feature';

/** Every read model and reactor of the features, for the runner (inline or in the projections process) and the replay. */
export function processorsOf(features: readonly Feature[], deps: ReactorDeps): EventProcessor[] {
  return features.flatMap((feature) => [...(feature.projections ?? []), ...(feature.reactors?.(deps) ?? [])]);
}

/** The read models alone (no reactor runs during a replay). */
export const projectionsOf = (features: readonly Feature[]): EventProcessor[] => features.flatMap((feature) => feature.projections ?? []);
