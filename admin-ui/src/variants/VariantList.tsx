import AddIcon from '@mui/icons-material/Add';
import CategoryIcon from '@mui/icons-material/Category';
import type { PaymentType, VariantListItem } from '@affilux/contract';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  FilterForm,
  LinearProgress,
  List,
  Pagination,
  SearchInput,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { serverMessage } from '../providers/serverError';
import { affiliatesUsingIt, useVariantCalls } from './api';
import { StandardRatePanel } from './StandardRatePanel';
import { typeLabel } from './typeLabel';
import { VariantCard } from './VariantCard';
import { VariantDialog } from './VariantDialog';

type Dialog = { kind: 'add' } | { kind: 'edit'; variant: VariantListItem } | { kind: 'delete'; variant: VariantListItem } | null;

const VariantGrid = ({ paymentType }: { paymentType: PaymentType }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { deleteVariant } = useVariantCalls();
  const { data, isPending, error, filterValues } = useListContext<VariantListItem>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState(false);
  const type = typeLabel(paymentType);
  const close = () => setDialog(null);

  const confirmDelete = async () => {
    if (dialog?.kind !== 'delete') return;
    setDeleting(true);
    try {
      await deleteVariant(paymentType, dialog.variant.id);
      notify('app.variants.deleted', { type: 'success', messageArgs: { type } });
      close();
    } catch (failure) {
      const count = affiliatesUsingIt(failure);
      notify(count === undefined ? (serverMessage(failure) ?? translate('app.variants.delete_error')) : translate('app.variants.in_use', { smart_count: count }), {
        type: 'error',
      });
      close();
    } finally {
      setDeleting(false);
      refresh();
    }
  };

  let content;
  if (isPending) content = <LinearProgress sx={{ mx: 'auto', my: 4 }} />;
  else if (error || !data) content = <Alert severity="error">{translate('app.variants.load_error', { type })}</Alert>;
  else if (data.length === 0) {
    content = (
      <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="variants-empty">
        <CategoryIcon sx={{ fontSize: 44, opacity: 0.5 }} />
        <Typography>{filterValues.q ? translate('app.variants.no_match') : translate('app.variants.empty', { type })}</Typography>
      </Box>
    );
  } else {
    content = (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))', gap: 2, alignItems: 'start' }}>
        {data.map((variant) => (
          <VariantCard
            key={variant.id}
            variant={variant}
            paymentType={paymentType}
            onEdit={() => setDialog({ kind: 'edit', variant })}
            onDelete={() => setDialog({ kind: 'delete', variant })}
          />
        ))}
      </Box>
    );
  }

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
        <FilterForm filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('app.variants.search')} sx={{ width: { xs: '100%', sm: 320 } }} />]} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add' })} sx={{ flexShrink: 0 }} data-testid="variant-add">
          {translate('app.variants.add')}
        </Button>
      </Stack>
      {content}
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <VariantDialog
          paymentType={paymentType}
          variant={dialog.kind === 'edit' ? dialog.variant : undefined}
          onClose={close}
          onSaved={() => {
            close();
            refresh();
          }}
        />
      )}
      <Confirm
        isOpen={dialog?.kind === 'delete'}
        loading={deleting}
        title="app.variants.delete_title"
        titleTranslateOptions={{ name: dialog?.kind === 'delete' ? dialog.variant.name : '' }}
        content="app.variants.delete_content"
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={close}
      />
    </>
  );
};

const Intro = ({ paymentType }: { paymentType: PaymentType }) => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
      {translate(`app.variants.subtitle.${paymentType}`)}
    </Typography>
  );
};

/** /admin/ppt-variants or /admin/sales-variants: the standard rate, then a searchable grid of variant cards. */
export const VariantList = ({ paymentType }: { paymentType: PaymentType }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const type = typeLabel(paymentType);
  return (
    <List
      title={translate('app.variants.title', { type })}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={24}
      actions={false}
      empty={false}
      component="div"
      pagination={<Pagination rowsPerPageOptions={[12, 24, 48]} />}
      queryOptions={{ onError: () => notify('app.variants.load_error', { type: 'error', messageArgs: { type } }) }}
    >
      <Intro paymentType={paymentType} />
      <StandardRatePanel paymentType={paymentType} />
      <VariantGrid paymentType={paymentType} />
    </List>
  );
};
