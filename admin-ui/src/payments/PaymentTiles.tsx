import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import PaidIcon from '@mui/icons-material/Paid';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { SvgIconComponent } from '@mui/icons-material';
import { formatEuros, type PaymentStats } from '@affilux/contract';
import { Box, Card, Skeleton, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const TILES: { key: keyof PaymentStats; icon: SvgIconComponent; color: string }[] = [
  { key: 'totalEarnings', icon: TrendingUpIcon, color: '#7c3aed' },
  { key: 'totalPaid', icon: PaidIcon, color: '#12a150' },
  { key: 'unpaidBalance', icon: AccountBalanceWalletIcon, color: '#e8145f' },
  { key: 'monthlyPaid', icon: CalendarMonthIcon, color: '#0b7bd6' },
];

/** The four tiles: earnings generated, paid, unpaid balance, paid this month (EUR, French format). */
export const PaymentTiles = ({ stats }: { stats?: PaymentStats }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: { xs: 1, sm: 2 }, mb: 2 }}>
      {TILES.map(({ key, icon: Icon, color }) => (
        <Card key={key} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Box sx={{ width: 32, height: 32, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: `${color}1a`, color, flexShrink: 0 }}>
              <Icon fontSize="small" />
            </Box>
            <Tooltip title={translate(`app.payments.tile_hints.${key}`)}>
              <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.2 }}>
                {translate(`app.payments.tiles.${key}`)}
              </Typography>
            </Tooltip>
          </Box>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, whiteSpace: 'nowrap', fontSize: { xs: '1rem', sm: '1.25rem' } }} data-testid={`payments-tile-${key}`}>
            {stats ? formatEuros(stats[key]) : <Skeleton width={100} />}
          </Typography>
        </Card>
      ))}
    </Box>
  );
};
