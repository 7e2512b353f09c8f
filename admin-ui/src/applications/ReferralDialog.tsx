import { useTranslate } from 'react-admin';
import { ReferralCodeDialog } from '../affiliateSettings/ReferralCodeDialog';
import { useAffiluxActions } from '../providers/dataProvider';
import { serverMessage, validationMessages } from '../providers/serverError';
import type { Application } from '../types';
import type { ApplicationAction } from './useApplicationAction';

interface ReferralDialogProps {
  application: Application;
  action: ApplicationAction;
  onClose: () => void;
}

/** Sets, changes or (empty code) removes the referrer of an application. */
export const ReferralDialog = ({ application, action, onClose }: ReferralDialogProps) => {
  const translate = useTranslate();
  const { updateApplicationReferral } = useAffiluxActions();

  const save = async (referredBy: number | null) => {
    const saved = await action.run(() => updateApplicationReferral(application.id, referredBy), {
      success: () => translate('app.referral_dialog.success'),
      error: (failure) => {
        const details = validationMessages(failure);
        if (details.length > 0) return translate('app.referral_dialog.validation_error', { details: details.join(', ') });
        return serverMessage(failure) ?? translate('app.referral_dialog.error');
      },
    });
    if (saved) onClose();
  };

  return (
    <ReferralCodeDialog
      messages="app.referral_dialog"
      name={`${application.first_name} ${application.last_name}`}
      initial={application.referred_by}
      busy={action.busy}
      onSave={save}
      onClose={onClose}
      testIdPrefix="referral"
    />
  );
};
