import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { formatIban, formatSiret, type AdminUserDetail } from '@affilux/contract';
import { Alert, Button, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../providers/serverError';
import { AdminOnly } from '../shared/canWrite';
import { PaymentMethodDialog } from './PaymentMethodDialog';
import { Field, Fields, Section } from './Section';
import { userQueryKey, type UserAction } from './useUserAction';
import { useUsersApi } from './usersApi';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

/** The payment method: absent (can be added) or present (can be edited or deleted, with a confirmation). */
export const PaymentMethodSection = ({ user, action }: { user: AdminUserDetail; action: UserAction }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { getPaymentMethod, deletePaymentMethod } = useUsersApi();
  const answer = useQuery({ queryKey: [...userQueryKey(user.id), 'payment-method'], queryFn: () => getPaymentMethod(user.id) });
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  useEffect(() => {
    if (answer.isError) notify(serverMessage(answer.error) ?? translate('app.users.payment_method.load_error'), { type: 'error' });
  }, [answer.isError, answer.error, notify, translate]);
  const method = answer.data?.paymentMethod ?? null;
  const label = (field: string) => translate(`app.users.payment_method.fields.${field}`);

  const remove = async () => {
    await action.run(() => deletePaymentMethod(user.id), {
      success: translate('app.users.payment_method.deleted'),
      error: translate('app.users.payment_method.delete_error'),
    });
    setOpen(null);
  };

  return (
    <Section
      title={translate('app.users.sections.payment_method')}
      icon={<AccountBalanceIcon />}
      testId="section-payment-method"
      actions={
        answer.data && (
          <AdminOnly>
            {method && (
              <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen('delete')} disabled={action.busy} data-testid="payment-method-delete">
                {translate('ra.action.delete')}
              </Button>
            )}
            <Button size="small" startIcon={method ? <EditIcon /> : <AddIcon />} onClick={() => setOpen('edit')} disabled={action.busy} data-testid="payment-method-edit">
              {translate(method ? 'ra.action.edit' : 'ra.action.add')}
            </Button>
          </AdminOnly>
        )
      }
    >
      {answer.isPending && <LinearProgress />}
      {answer.isError && <Alert severity="error">{translate('app.users.payment_method.load_error')}</Alert>}
      {answer.data && !method && <Typography color="text.secondary">{translate('app.users.payment_method.none')}</Typography>}
      {method && (
        <Fields>
          <Field label={translate('app.users.payment_method.type')} testId="payment-method-type-value">
            {translate(`app.users.payment_method.types.${method.type}`)}
          </Field>
          {method.type === 'crypto' ? (
            <>
              <Field label={label('crypto_name')}>{method.crypto_name}</Field>
              <Field label={label('crypto_address')}>
                <span style={{ fontFamily: 'monospace' }}>{method.crypto_address}</span>
              </Field>
            </>
          ) : (
            <>
              <Field label={label('company_name')}>{method.company_name}</Field>
              <Field label={label('siret')}>{method.siret && formatSiret(method.siret)}</Field>
              <Field label={label('iban')}>
                <span style={{ fontFamily: 'monospace' }}>{method.iban && formatIban(method.iban)}</span>
              </Field>
              <Field label={label('address')}>{method.address}</Field>
              <Field label={label('country')}>{method.country}</Field>
            </>
          )}
        </Fields>
      )}
      {open === 'edit' && <PaymentMethodDialog userId={user.id} current={method} action={action} onClose={() => setOpen(null)} />}
      <CarefulConfirm
        isOpen={open === 'delete'}
        loading={action.busy}
        title="app.users.payment_method.delete_title"
        content="app.users.payment_method.delete_content"
        translateOptions={{ name: `${user.first_name} ${user.last_name}` }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setOpen(null)}
      />
    </Section>
  );
};
