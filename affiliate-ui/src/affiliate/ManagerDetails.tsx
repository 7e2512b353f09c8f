import { EmailOutlined, PersonOutlined, Telegram } from '@mui/icons-material';
import { Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ManagerResponse } from '../api/types';
import { telegramUrl } from './useManager';

type Manager = NonNullable<ManagerResponse['manager']>;

/** A manager's name, Telegram handle (as a t.me link) and mail (as a mailto link). */
export function ManagerDetails({ manager }: { manager: Manager }) {
  const { t } = useTranslation('affiliate');
  return (
    <Stack spacing={1} data-testid="manager-details">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <PersonOutlined fontSize="small" color="action" />
        <Typography sx={{ fontWeight: 600 }}>{manager.nom}</Typography>
      </Stack>
      {manager.telegram && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Telegram fontSize="small" color="action" aria-label={t('manager.telegram')} />
          <Link href={telegramUrl(manager.telegram)} target="_blank" rel="noopener">
            {manager.telegram}
          </Link>
        </Stack>
      )}
      {manager.mail && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <EmailOutlined fontSize="small" color="action" aria-label={t('manager.mail')} />
          <Link href={`mailto:${manager.mail}`}>{manager.mail}</Link>
        </Stack>
      )}
    </Stack>
  );
}
