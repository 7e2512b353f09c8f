import { Alert, Box, Stack, Tab, Tabs } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useBasename, usePermissions, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { PageIntro } from '../shared/PageIntro';
import { ApiKeysPanel } from './ApiKeysPanel';
import { ImportHistory, IMPORTS_QUERY } from './ImportHistory';
import { StatsImportPanel } from './StatsImportPanel';

const TABS = [
  { id: 'files', path: '/imports', labelKey: 'app.imports.tabs.files' },
  { id: 'api-keys', path: '/imports/api-keys', labelKey: 'app.imports.tabs.api_keys' },
] as const;

/** The statistics files, checked then imported, with the history of imports. */
const FilesTab = () => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<string>();
  return (
    <Stack spacing={2}>
      {permissions === 'admin' ? (
        <StatsImportPanel onImported={() => void queryClient.invalidateQueries({ queryKey: [IMPORTS_QUERY] })} />
      ) : (
        permissions !== undefined && <Alert severity="info">{translate('app.imports.read_only')}</Alert>
      )}
      <ImportHistory />
    </Stack>
  );
};

/** /admin/imports (statistics files) and /admin/imports/api-keys (the brands' API keys). */
export const ImportsPage = () => {
  const translate = useTranslate();
  const basename = useBasename();
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '').endsWith('/api-keys') ? '/imports/api-keys' : '/imports';
  return (
    <Box sx={{ pb: 3 }} data-testid="imports-page">
      <Title title={translate('app.imports.title')} />
      <PageIntro text="app.imports.subtitle" />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={current} variant="scrollable" allowScrollButtonsMobile>
          {TABS.map(({ id, path, labelKey }) => (
            <Tab key={path} value={path} label={translate(labelKey)} component={Link} to={`${basename}${path}`} data-testid={`imports-tab-${id}`} />
          ))}
        </Tabs>
      </Box>
      {current === '/imports/api-keys' ? <ApiKeysPanel /> : <FilesTab />}
    </Box>
  );
};
