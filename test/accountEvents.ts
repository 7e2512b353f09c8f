import { randomUUID } from 'node:crypto';
import type { EventStore } from '../backend/src/eventstore/eventStore';
import { systemContext, toNewEvents, type DomainEvent } from '../backend/src/eventstore/commands';
import type { AccountEvent } from '../backend/src/accounts/events';
import type { ApplicationEvent } from '../backend/src/applications/events';

/**
 * The events of a real onboarding (application submitted, approved, account opened, a few sign-ins),
 * for tests that need many realistic events without going through HTTP.
 */
export function onboardingEvents(uniqueId: number) {
  const id = randomUUID();
  const email = `affiliate${uniqueId}@example.com`;
  const application: ApplicationEvent[] = [
    {
      type: 'ApplicationSubmitted',
      data: {
        application_id: id, first_name: 'Camille', last_name: `Martin${uniqueId}`, username: `camille${uniqueId}`, email,
        profile_type: 'individual', contact_method: '@camille', country: 'France', experience_description: 'Media buyer on dating offers',
        affiliate_niches: [], traffic_sources: ['SEO', 'TikTok'], terms_accepted: true, referred_by: null,
      },
    },
    {
      type: 'ApplicationApproved',
      data: { user_id: id, unique_id: uniqueId, manager_id: null, payment_type: 'ppt', variant_id: null, referral_commission_tenths: 0 },
    },
  ];
  const account: AccountEvent[] = [
    {
      type: 'AffiliateAccountOpened',
      data: { user_id: id, application_id: id, unique_id: uniqueId, email, first_name: 'Camille', last_name: `Martin${uniqueId}`, username: `camille${uniqueId}`, contact_method: '@camille', country: 'France' },
    },
    { type: 'PaymentSettingsChanged', data: { payment_type: uniqueId % 2 ? 'sale' : 'ppt', variant_id: null } },
    { type: 'EmailVerified', data: { email } },
  ];
  return { id, application, account };
}

/** Appends `count` onboardings (five events each) with their real stream names. */
export async function appendOnboardings(eventStore: EventStore, count: number, firstUniqueId = 20_000): Promise<number> {
  const ctx = systemContext(new Date());
  const append = (stream: string, events: DomainEvent[]) => eventStore.append(stream, toNewEvents(events, ctx), { expectedRevision: 'no_stream' });
  for (let i = 0; i < count; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async (_, j) => {
        const { id, application, account } = onboardingEvents(firstUniqueId + i + j);
        await append(`application-${id}`, application);
        await append(`user-${id}`, account);
      }),
    );
  }
  return count * 5;
}
