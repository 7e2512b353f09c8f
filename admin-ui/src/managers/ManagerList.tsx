import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { ManagerListItem } from '@affilux/contract';
import {
  Alert,
  Box,
  Button,
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
import { useManagerCalls } from './api';
import { ManagerDialog } from './ManagerDialog';

type Dialog = { kind: 'add' } | { kind: 'edit'; manager: ManagerListItem } | { kind: 'delete'; manager: ManagerListItem } | null;

const Empty = () => <Typography color="text.secondary">—</Typography>;

const Contact = ({ manager }: { manager: ManagerListItem }) => (
  <>
    {manager.telegram ? <Typography variant="body2">{manager.telegram}</Typography> : null}
    {manager.mail ? (
      <Link variant="body2" href={`mailto:${manager.mail}`} sx={{ overflowWrap: 'anywhere' }}>
        {manager.mail}
      </Link>
    ) : null}
  </>
);

const RowActions = ({ manager, open }: { manager: ManagerListItem; open: (dialog: Dialog) => void }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={translate('app.managers.edit', { name: manager.nom })}>
        <IconButton aria-label={translate('app.managers.edit', { name: manager.nom })} onClick={() => open({ kind: 'edit', manager })} data-testid={`manager-edit-${manager.id}`}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('app.managers.delete', { name: manager.nom })}>
        <IconButton
          color="error"
          aria-label={translate('app.managers.delete', { name: manager.nom })}
          onClick={() => open({ kind: 'delete', manager })}
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
  const refresh = useRefresh();
  const { deleteManager } = useManagerCalls();
  const { data, isPending, error, filterValues } = useListContext<ManagerListItem>();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState(false);
  const close = () => setDialog(null);

  const confirmDelete = async () => {
    if (dialog?.kind !== 'delete') return;
    setDeleting(true);
    try {
      await deleteManager(dialog.manager.id);
      notify('app.managers.deleted', { type: 'success' });
      close();
    } catch (failure) {
      notify(serverMessage(failure) ?? translate('app.managers.delete_error'), { type: 'error' });
    } finally {
      setDeleting(false);
      refresh();
    }
  };

  let content;
  if (isPending) content = <LinearProgress sx={{ mx: 'auto', my: 4 }} />;
  else if (error || !data) content = <Alert severity="error">{translate('app.managers.load_error')}</Alert>;
  else if (data.length === 0) {
    content = (
      <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="managers-empty">
        <SupportAgentIcon sx={{ fontSize: 44, opacity: 0.5 }} />
        <Typography>{translate(filterValues.q ? 'app.managers.no_match' : 'app.managers.empty')}</Typography>
      </Box>
    );
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
              <RowActions manager={manager} open={setDialog} />
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
              <TableCell align="right">{translate('app.managers.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((manager) => (
              <TableRow key={manager.id} hover data-testid={`manager-row-${manager.id}`}>
                <TableCell sx={{ fontWeight: 600 }}>{manager.nom}</TableCell>
                <TableCell>{manager.telegram ?? <Empty />}</TableCell>
                <TableCell>{manager.mail ? <Link href={`mailto:${manager.mail}`}>{manager.mail}</Link> : <Empty />}</TableCell>
                <TableCell>
                  <AffiliateCount count={manager.affiliate_count} />
                </TableCell>
                <TableCell align="right">
                  <RowActions manager={manager} open={setDialog} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    );
  }

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
        <FilterForm filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('app.managers.search')} sx={{ width: { xs: '100%', sm: 320 } }} />]} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add' })} sx={{ flexShrink: 0 }} data-testid="manager-add">
          {translate('app.managers.add')}
        </Button>
      </Stack>
      {content}
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <ManagerDialog
          manager={dialog.kind === 'edit' ? dialog.manager : undefined}
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
        title="app.managers.delete_title"
        titleTranslateOptions={{ name: dialog?.kind === 'delete' ? dialog.manager.nom : '' }}
        content={dialog?.kind === 'delete' && dialog.manager.affiliate_count > 0 ? 'app.managers.delete_content_affiliates' : 'app.managers.delete_content'}
        contentTranslateOptions={{ smart_count: dialog?.kind === 'delete' ? dialog.manager.affiliate_count : 0 }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={close}
      />
    </>
  );
};

const Subtitle = () => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
      {translate('app.managers.subtitle')}
    </Typography>
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
      <Subtitle />
      <ManagerTable />
    </List>
  );
};
