import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { ManagerListItem } from '@affilux/contract';
import {
  Alert,
  Box,
  Card,
  Chip,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
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
import { useCanWrite } from '../shared/canWrite';
import { SearchAddToolbar } from '../shared/SearchAddToolbar';
import { useListDialogs } from '../shared/useListDialogs';
import { useManagerCalls } from './api';
import { ManagerDialog } from './ManagerDialog';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

const Empty = () => <Typography color="text.secondary">—</Typography>;

const Contact = ({ manager }: { manager: ManagerListItem }) => (
  <>
    {manager.telegram ? <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{manager.telegram}</Typography> : null}
    {manager.mail ? (
      <Link variant="body2" href={`mailto:${manager.mail}`} sx={{ overflowWrap: 'anywhere' }}>
        {manager.mail}
      </Link>
    ) : null}
  </>
);

const RowActions = ({ manager, onEdit, onDelete }: { manager: ManagerListItem; onEdit: () => void; onDelete: () => void }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={translate('app.managers.edit', { name: manager.nom })}>
        <IconButton aria-label={translate('app.managers.edit', { name: manager.nom })} onClick={onEdit} data-testid={`manager-edit-${manager.id}`}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('app.managers.delete', { name: manager.nom })}>
        <IconButton
          color="error"
          aria-label={translate('app.managers.delete', { name: manager.nom })}
          onClick={onDelete}
          data-testid={`manager-delete-${manager.id}`}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
};

const AffiliateCount = ({ count }: { count: number }) => {
  const translate = useTranslate();
  return <Chip size="small" variant={count ? 'filled' : 'outlined'} label={translate('app.managers.affiliate_count', { smart_count: count })} />;
};

/** The table (large screens) or a list of cards (phones), with the add/edit modal and the delete confirmation. */
const ManagerTable = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { deleteManager } = useManagerCalls();
  const { data, isPending, error, filterValues } = useListContext<ManagerListItem>();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const dialogs = useListDialogs<ManagerListItem>();
  const canWrite = useCanWrite();
  const actions = (manager: ManagerListItem) => canWrite && (
    <RowActions manager={manager} onEdit={() => dialogs.open({ kind: 'edit', item: manager })} onDelete={() => dialogs.open({ kind: 'delete', item: manager })} />
  );

  const remove = async (manager: ManagerListItem) => {
    try {
      await deleteManager(manager.id);
      notify('app.managers.deleted', { type: 'success' });
    } catch (failure) {
      notify(serverMessage(failure) ?? translate('app.managers.delete_error'), { type: 'error' });
    }
  };

  let content;
  if (isPending) content = <LinearProgress sx={{ mx: 'auto', my: 4 }} />;
  else if (error || !data) content = <Alert severity="error">{translate('app.managers.load_error')}</Alert>;
  else if (data.length === 0) {
    content = <EmptyState icon={SupportAgentIcon} text={translate(filterValues.q ? 'app.managers.no_match' : 'app.managers.empty')} testId="managers-empty" />;
  } else if (isSmall) {
    content = (
      <Stack spacing={1.5}>
        {data.map((manager) => (
          <Card key={manager.id} sx={{ p: 2 }} data-testid={`manager-row-${manager.id}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
                  {manager.nom}
                </Typography>
                <Contact manager={manager} />
                <Box sx={{ mt: 1 }}>
                  <AffiliateCount count={manager.affiliate_count} />
                </Box>
              </Box>
              {actions(manager)}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  } else {
    content = (
      <Card>
        <Table size="small" aria-label={translate('app.managers.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.managers.columns.nom')}</TableCell>
              <TableCell>{translate('app.managers.columns.telegram')}</TableCell>
              <TableCell>{translate('app.managers.columns.mail')}</TableCell>
              <TableCell>{translate('app.managers.columns.affiliates')}</TableCell>
              {canWrite && <TableCell align="right">{translate('app.managers.columns.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((manager) => (
              <TableRow key={manager.id} hover data-testid={`manager-row-${manager.id}`}>
                <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{manager.nom}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{manager.telegram ?? <Empty />}</TableCell>
                <TableCell>{manager.mail ? <Link href={`mailto:${manager.mail}`}>{manager.mail}</Link> : <Empty />}</TableCell>
                <TableCell>
                  <AffiliateCount count={manager.affiliate_count} />
                </TableCell>
                {canWrite && (
                  <TableCell align="right">
                    {actions(manager)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    );
  }

  const toDelete = dialogs.toDelete;
  return (
    <>
      <SearchAddToolbar
        searchLabel={translate('app.managers.search')}
        addLabel={translate('app.managers.add')}
        onAdd={() => dialogs.open({ kind: 'add' })}
        addTestId="manager-add"
      />
      {content}
      {dialogs.form && <ManagerDialog manager={dialogs.form.item} onClose={dialogs.close} onSaved={dialogs.saved} />}
      <CarefulConfirm
        {...dialogs.confirmProps(remove)}
        title="app.managers.delete_title"
        titleTranslateOptions={{ name: toDelete?.nom ?? '' }}
        content={toDelete && toDelete.affiliate_count > 0 ? 'app.managers.delete_content_affiliates' : 'app.managers.delete_content'}
        contentTranslateOptions={{ smart_count: toDelete?.affiliate_count ?? 0 }}
      />
    </>
  );
};

export const ManagerList = () => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <List
      title={translate('app.managers.title')}
      sort={{ field: 'nom', order: 'ASC' }}
      perPage={25}
      actions={false}
      empty={false}
      component="div"
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      queryOptions={{ onError: () => notify('app.managers.load_error', { type: 'error' }) }}
    >
      <PageIntro text="app.managers.subtitle" />
      <ManagerTable />
    </List>
  );
};
