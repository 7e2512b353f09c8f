import { randomUUID } from 'node:crypto';
import { systemContext, toNewEvents, type DomainEvent } from '../backend/src/eventstore/commands';
import { managerStream, type ManagerEvent } from '../backend/src/managers/events';
import { paymentVariantStream, type VariantDefinition, type VariantEvent } from '../backend/src/variants/events';
import type { ApiHarness } from './apiHarness';

/**
 * Managers and payment variants as the catalogue's commands record them, appended straight to the
 * log (for suites that need them before, or without, the catalogue's screens), once projected.
 */
async function append(h: ApiHarness, stream: string, event: DomainEvent, at: Date): Promise<void> {
  const { position } = await h.server.deps.eventStore.append(stream, toNewEvents([event], systemContext(at)), { expectedRevision: 'any' });
  await h.server.deps.readModels.waitFor(position);
}

export async function recordManager(h: ApiHarness, manager: { nom: string; telegram?: string | null; mail?: string | null }): Promise<string> {
  const managerId = randomUUID();
  const event: ManagerEvent = { type: 'ManagerCreated', data: { manager_id: managerId, nom: manager.nom, telegram: manager.telegram ?? null, mail: manager.mail ?? null } };
  await append(h, managerStream(managerId), event, new Date());
  return managerId;
}

/** A new variant (version 1); without `variant_id` one is made up. */
export async function recordVariant(h: ApiHarness, definition: Omit<VariantDefinition, 'variant_id'> & { variant_id?: string }, at = new Date()): Promise<string> {
  const variantId = definition.variant_id ?? randomUUID();
  const event: VariantEvent = { type: 'PaymentVariantCreated', data: { ...definition, variant_id: variantId } };
  await append(h, paymentVariantStream(variantId), event, at);
  return variantId;
}

/** A new version of a variant. */
export async function recordVariantUpdate(h: ApiHarness, definition: VariantDefinition, at = new Date()): Promise<void> {
  await append(h, paymentVariantStream(definition.variant_id), { type: 'PaymentVariantUpdated', data: definition }, at);
}
