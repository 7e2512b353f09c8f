import { accountDecider } from '../accounts/account';
import { userStream } from '../accounts/events';
import { handleCommand, loadState } from '../eventstore/commands';
import type { RecordedEvent } from '../eventstore/eventStore';
import type { ReactorDeps } from '../feature';
import { AppError } from '../http/errors';
import { reactor } from '../processing/processor';
import { applicationDecider } from './application';
import { applicationIdOfStream, applicationStream, type ApplicationEvent } from './events';

type Reacted = RecordedEvent & Extract<ApplicationEvent, { type: 'ApplicationApproved' | 'ApplicationReferrerChanged' }>;

/**
 * Approval -> account: opens the affiliate account of an approved application on
 * `user-<application id>`, and carries a later referrer change over to it. The affiliate id is
 * taken only here, once the approval is recorded, so a refused approval never uses one up; the
 * opening's events have ids derived from the application, so a reactor that runs again after a
 * crash opens nothing twice (and finds the id it gave in the account's stream).
 */
export const accountOpening = (deps: Pick<ReactorDeps, 'eventStore' | 'log'>) =>
  reactor<Reacted>({
    name: 'account-opening',
    handles: ['ApplicationApproved', 'ApplicationReferrerChanged'],
    async react(event, { tx, ctx: reaction }) {
      // What the account records was decided by whoever approved the application (or changed its referrer): their act, carried over.
      const ctx = { ...reaction, actor: { id: event.metadata.actorId, role: event.metadata.actorRole } };
      const applicationId = applicationIdOfStream(event.streamId);
      const { state: application } = await loadState(deps.eventStore, applicationStream(applicationId), applicationDecider);
      if (application.status !== 'approved') return;
      const stream = userStream(application.terms.user_id);
      const { state: account } = await loadState(deps.eventStore, stream, accountDecider);

      if (account.status === 'open') {
        if (event.type !== 'ApplicationReferrerChanged') return;
        try {
          await handleCommand(deps, accountDecider, stream, { type: 'AssignReferrer', referredBy: application.details.referred_by }, ctx, { wait: 'none' });
        } catch (error) {
          // The route refuses a self-referral before it is recorded; an old one is left as it was.
          if (!(error instanceof AppError)) throw error;
          deps.log.warn({ applicationId, err: error }, 'referrer change not carried over to the account');
        }
        return;
      }

      const uniqueId =
        application.terms.unique_id ?? (await tx.query<{ id: number }>("SELECT nextval('affiliate_unique_id_seq')::int AS id")).rows[0]!.id;
      const { details, terms } = application;
      await handleCommand(
        deps,
        accountDecider,
        stream,
        {
          type: 'OpenAffiliateAccount',
          userId: terms.user_id,
          applicationId,
          uniqueId,
          email: details.email,
          profile: { first_name: details.first_name, last_name: details.last_name, username: details.username, contact_method: details.contact_method, country: details.country },
          paymentType: terms.payment_type,
          variantId: terms.variant_id,
          managerId: terms.manager_id,
          referredBy: details.referred_by,
          referralTenths: terms.referral_commission_tenths,
        },
        ctx,
        { wait: 'none' },
      );
    },
  });
