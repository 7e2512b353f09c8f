import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Chip, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { formatAffiliateId, type OfferView } from '@affilux/contract';
import { useState } from 'react';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SimpleList,
  TopToolbar,
  useCreatePath,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { AdminOnly } from '../shared/canWrite';
import { useAction } from '../shared/useAction';
import { OfferIdCell, OfferImage, OfferNameCell } from './OfferBadges';
import { OfferViewDialog } from './OfferViewDialog';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

const OfferActions = ({ offer, onView }: { offer: OfferView; onView: (offer: OfferView) => void }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider();
  const [confirming, setConfirming] = useState(false);
  // Busy from the click itself (react-admin's useDelete reports pending a render later, letting a double click send two deletions).
  const action = useAction(['offers']);
  const id = formatAffiliateId(offer.unique_id);
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
      <Tooltip title={translate('app.offers.view')}>
        <IconButton size="small" onClick={() => onView(offer)} aria-label={`${translate('app.offers.view')} ${id}`} data-testid={`offer-view-${id}`}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <AdminOnly>
      <Tooltip title={translate('app.offers.edit')}>
        <IconButton size="small" onClick={() => navigate(createPath({ resource: 'offers', type: 'edit', id: offer.id }))} aria-label={`${translate('app.offers.edit')} ${id}`} data-testid={`offer-edit-${id}`}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('app.offers.delete')}>
        <IconButton size="small" color="error" onClick={() => setConfirming(true)} aria-label={`${translate('app.offers.delete')} ${id}`} data-testid={`offer-delete-${id}`}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      </AdminOnly>
      <CarefulConfirm
        isOpen={confirming}
        loading={action.busy}
        title={translate('app.offers.delete_title', { id })}
        content={translate('app.offers.delete_content', { name: offer.brand_name })}
        confirmColor="warning"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await action.run(() => dataProvider.delete('offers', { id: offer.id, previousData: offer }), {
            success: translate('app.offers.deleted'),
            error: translate('app.offers.delete_error'),
          });
          setConfirming(false);
        }}
      />
    </Box>
  );
};

/** The create button; on a phone it floats over the list by itself, so it gets no toolbar (that would stay as an empty band). */
const ListActions = ({ small }: { small: boolean }) => {
  const create = (
    <AdminOnly>
      <CreateButton label="app.offers.create" variant="contained" data-testid="offer-create" />
    </AdminOnly>
  );
  // Level with the search field beside it: as tall as the field, and above the filter form's bottom margin.
  return small ? create : <TopToolbar sx={{ alignSelf: 'flex-end', alignItems: 'center', minHeight: 0, height: 40, p: 0, mb: 1 }}>{create}</TopToolbar>;
};

export const OfferList = () => {
  const translate = useTranslate();
  const [viewing, setViewing] = useState<OfferView | null>(null);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <>
      <List
        sort={{ field: 'unique_id', order: 'DESC' }}
        perPage={25}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('app.offers.search')} sx={{ minWidth: { sm: 360 } }} />]}
        actions={<ListActions small={small} />}
        empty={false}
      >
        {small ? (
          <SimpleList<OfferView>
            linkType={false}
            leftAvatar={undefined}
            primaryText={(offer) => <OfferIdCell offer={offer} />}
            secondaryText={(offer) => (
              <Box component="span" sx={{ display: 'block', mt: 1 }}>
                <OfferImage name={offer.brand_image} width={180} />
                <Box component="span" sx={{ display: 'block', mt: 1 }}><OfferNameCell offer={offer} /></Box>
                <Chip size="small" label={offer.category} sx={{ mt: 0.5 }} />
              </Box>
            )}
            tertiaryText={(offer) => <OfferActions offer={offer} onView={setViewing} />}
            empty={<Box sx={{ p: 3, color: 'text.secondary' }}>{translate('app.offers.empty')}</Box>}
          />
        ) : (
          <Datagrid rowClick={false} bulkActionButtons={false} empty={<Box sx={{ p: 3, color: 'text.secondary' }}>{translate('app.offers.empty')}</Box>}>
            <FunctionField<OfferView> source="unique_id" label="resources.offers.fields.unique_id" render={(offer) => <OfferIdCell offer={offer} />} />
            <FunctionField<OfferView> source="brand_image" label="resources.offers.fields.brand_image" sortable={false} render={(offer) => <OfferImage name={offer.brand_image} />} />
            <FunctionField<OfferView> source="brand_name" label="resources.offers.fields.brand_name" render={(offer) => <OfferNameCell offer={offer} />} />
            <FunctionField<OfferView> source="category" label="resources.offers.fields.category" render={(offer) => <Chip size="small" label={offer.category} />} />
            <FunctionField<OfferView> label="app.offers.actions" render={(offer) => <OfferActions offer={offer} onView={setViewing} />} />
          </Datagrid>
        )}
      </List>
      {viewing && <OfferViewDialog offerId={viewing.id} onClose={() => setViewing(null)} />}
    </>
  );
};
