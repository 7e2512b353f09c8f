import CategoryIcon from '@mui/icons-material/Category';
import type { PaymentType, VariantListItem } from '@affilux/contract';
import { Alert, Box, Typography } from '@mui/material';
import {
  LinearProgress,
  List,
  Pagination,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { serverMessage } from '../providers/serverError';
import { EmptyState } from '../shared/EmptyState';
import { PageIntro } from '../shared/PageIntro';
import { SearchAddToolbar } from '../shared/SearchAddToolbar';
import { useListDialogs } from '../shared/useListDialogs';
import { affiliatesUsingIt, useVariantCalls } from './api';
import { StandardRatePanel } from './StandardRatePanel';
import { typeLabel } from './typeLabel';
import { VariantCard } from './VariantCard';
import { VariantDialog } from './VariantDialog';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

const VariantGrid = ({ paymentType }: { paymentType: PaymentType }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { deleteVariant } = useVariantCalls();
  const { data, isPending, error, filterValues } = useListContext<VariantListItem>();
  const dialogs = useListDialogs<VariantListItem>();
  const type = typeLabel(paymentType);

  const remove = async (variant: VariantListItem) => {
    try {
      await deleteVariant(paymentType, variant.id);
      notify('app.variants.deleted', { type: 'success', messageArgs: { type } });
    } catch (failure) {
      const count = affiliatesUsingIt(failure);
      const message = count === undefined ? (serverMessage(failure) ?? translate('app.variants.delete_error')) : translate('app.variants.in_use', { smart_count: count });
      notify(message, { type: 'error' });
    }
  };

  let content;
  if (isPending) content = <LinearProgress sx={{ mx: 'auto', my: 4 }} />;
  else if (error || !data) content = <Alert severity="error">{translate('app.variants.load_error', { type })}</Alert>;
  else if (data.length === 0) {
    const text = filterValues.q ? translate('app.variants.no_match') : translate('app.variants.empty', { type });
    content = <EmptyState icon={CategoryIcon} text={text} testId="variants-empty" />;
  } else {
    content = (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))', gap: 2, alignItems: 'start' }}>
        {data.map((variant) => (
          <VariantCard
            key={variant.id}
            variant={variant}
            paymentType={paymentType}
            onEdit={() => dialogs.open({ kind: 'edit', item: variant })}
            onDelete={() => dialogs.open({ kind: 'delete', item: variant })}
          />
        ))}
      </Box>
    );
  }

  return (
    <>
      <SearchAddToolbar
        searchLabel={translate('app.variants.search')}
        addLabel={translate('app.variants.add')}
        onAdd={() => dialogs.open({ kind: 'add' })}
        addTestId="variant-add"
      />
      {content}
      {dialogs.form && <VariantDialog paymentType={paymentType} variant={dialogs.form.item} onClose={dialogs.close} onSaved={dialogs.saved} />}
      <CarefulConfirm
        {...dialogs.confirmProps(remove)}
        title="app.variants.delete_title"
        titleTranslateOptions={{ name: dialogs.toDelete?.name ?? '' }}
        content="app.variants.delete_content"
      />
    </>
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
      <PageIntro text={`app.variants.subtitle.${paymentType}`} />
      <StandardRatePanel paymentType={paymentType} />
      <VariantGrid paymentType={paymentType} />
    </List>
  );
};
