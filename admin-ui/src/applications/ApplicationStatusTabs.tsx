import { Alert, Box, Chip, Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { ApplicationCounts } from '../types';
import { useApplicationCounts } from './useApplicationCounts';

const filters: (keyof ApplicationCounts)[] = ['all', 'pending', 'approved', 'rejected'];

/** The status filter, one tab per status with its count (GET /applications/counts). */
export const ApplicationStatusTabs = () => {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const counts = useApplicationCounts();
  const current: keyof ApplicationCounts = filters.includes(filterValues.status) ? filterValues.status : 'all';

  return (
    // Inline-size containment: the scrollable tabs must not widen the page on small screens.
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, contain: 'inline-size' }}>
      <Tabs
        value={current}
        onChange={(_, status: keyof ApplicationCounts) =>
          setFilters(status === 'all' ? {} : { ...filterValues, status }, displayedFilters)
        }
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {filters.map((status) => (
          <Tab
            key={status}
            value={status}
            data-testid={`status-filter-${status}`}
            iconPosition="end"
            icon={
              counts.data ? (
                <Chip size="small" label={counts.data[status]} color={status === current ? 'primary' : 'default'} />
              ) : undefined
            }
            label={translate(`app.applications.tabs.${status}`)}
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
      {counts.isError && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {translate('app.applications.counts_error')}
        </Alert>
      )}
    </Box>
  );
};
