import type { AccountEvent } from '../accounts/events';
import { loadState } from '../eventstore/commands';
import type { RecordedEvent } from '../eventstore/eventStore';
import type { ReactorDeps } from '../feature';
import { forgetPrincipal } from '../identity/emailClaims';
import { reactor } from '../processing/processor';
import { applicationDecider } from './application';
import { rejectionEmail, welcomeEmail } from './emails';
import { applicationIdOfStream, applicationStream, type ApplicationEvent } from './events';

type Opened = RecordedEvent & Extract<AccountEvent, { type: 'AffiliateAccountOpened' }>;
type Rejected = RecordedEvent & Extract<ApplicationEvent, { type: 'ApplicationRejected' }>;

/**
 * The applicant hears of the decision: a welcome once the account is open, a rejection otherwise,
 * unless an account held the address by then (the welcome went there already).
 */
export const applicantEmails = (deps: Pick<ReactorDeps, 'eventStore' | 'mail' | 'publicUrl'>) =>
  reactor<Opened | Rejected>({
    name: 'applicant-emails',
    handles: ['AffiliateAccountOpened', 'ApplicationRejected'],
    startFrom: 'now',
    async react(event, reaction) {
      const key = `applicant-emails/${event.id}`;
      if (event.type === 'AffiliateAccountOpened') {
        const { email, first_name, unique_id } = event.data;
        await deps.mail.enqueueInReaction(reaction, key, welcomeEmail(email, first_name, unique_id, deps.publicUrl));
        return;
      }
      if (event.data.address_taken) return;
      const { state } = await loadState(deps.eventStore, applicationStream(applicationIdOfStream(event.streamId)), applicationDecider);
      if (state.status === 'none') return;
      await deps.mail.enqueueInReaction(reaction, key, rejectionEmail(state.details.email, state.details.first_name));
    },
  });

/** A rejected applicant will never sign in: their password hash (and any old reservation of the address) is forgotten. */
export const rejectedApplicants = () =>
  reactor<Rejected>({
    name: 'rejected-applicants',
    handles: ['ApplicationRejected'],
    async react(event, { tx }) {
      await forgetPrincipal(tx, applicationIdOfStream(event.streamId));
    },
  });
