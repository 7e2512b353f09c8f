import { projection } from '../../processing/processor';
import { weeklyConversionsTable } from './schema';

/**
 * Counts conversions per affiliate and ISO week. No event carries figures yet: the statistics
 * import and the postbacks (next feature) add their event types to `handles` and upsert additively
 * into the table here.
 */
export const weeklyConversionsProjection = projection({
  name: 'weekly_conversions',
  version: 1,
  tables: [weeklyConversionsTable],
  handles: [],
  async apply() {},
});
