import InboxIcon from '@mui/icons-material/Inbox';
import { Alert, Box, Typography } from '@mui/material';
import { LinearProgress, List, ListClasses, Pagination, useListContext, useTranslate } from 'react-admin';
import type { Application } from '../types';
import { ApplicationCard } from './ApplicationCard';
import { ApplicationStatusTabs } from './ApplicationStatusTabs';

const ApplicationGrid = () => {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<Application>();
  if (isPending) return <LinearProgress sx={{ mx: 'auto', my: 4 }} />;
  if (error || !data) return <Alert severity="error">{translate('app.applications.load_error')}</Alert>;
  if (data.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }}>
        <InboxIcon sx={{ fontSize: 48, opacity: 0.5 }} />
        <Typography>{translate('app.applications.empty')}</Typography>
      </Box>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 380px), 1fr))',
        gap: 2,
        alignItems: 'start',
      }}
    >
      {data.map((application) => (
        <ApplicationCard key={application.id} application={application} />
      ))}
    </Box>
  );
};

export const ApplicationList = () => (
  <List
    sort={{ field: 'created_at', order: 'DESC' }}
    perPage={24}
    actions={false}
    empty={false}
    component="div"
    pagination={<Pagination rowsPerPageOptions={[12, 24, 48]} />}
    sx={{ [`& .${ListClasses.noActions}`]: { marginTop: 0 } }}
  >
    <ApplicationStatusTabs />
    <ApplicationGrid />
  </List>
);
