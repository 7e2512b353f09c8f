import AddIcon from '@mui/icons-material/Add';
import { Button, Stack } from '@mui/material';
import { FilterForm, SearchInput } from 'react-admin';
import { AdminOnly } from './canWrite';

/** Above a react-admin list: its text search (`q`) and the button that opens the add modal (admins only). */
export const SearchAddToolbar = ({ searchLabel, addLabel, onAdd, addTestId }: { searchLabel: string; addLabel: string; onAdd: () => void; addTestId: string }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
    <FilterForm filters={[<SearchInput key="q" source="q" alwaysOn placeholder={searchLabel} sx={{ width: { xs: '100%', sm: 320 } }} />]} />
    <AdminOnly>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} sx={{ flexShrink: 0 }} data-testid={addTestId}>
        {addLabel}
      </Button>
    </AdminOnly>
  </Stack>
);
