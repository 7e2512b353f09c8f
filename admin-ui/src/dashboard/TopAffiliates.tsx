import BarChartIcon from '@mui/icons-material/BarChart';
import { formatAffiliateId, formatCount, formatRate, formatRevenue, type TopAffiliate } from '@affilux/contract';
import { Box, Button, Card, CardContent, Chip, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link, useBasename, useTranslate } from 'react-admin';
import { useDateTime } from '../users/formatters';

/** The month's 10 best affiliates by revenue, each with a link to its statistics. */
export const TopAffiliates = ({ top }: { top: TopAffiliate[] | null }) => {
  const translate = useTranslate();
  const basename = useBasename();
  const dateTime = useDateTime();
  const label = (key: string) => translate(`app.statistics.top.${key}`);
  return (
    <Card sx={{ minWidth: 0 }} data-testid="top-affiliates">
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="subtitle1" component="h2">{label('title')}</Typography>
      </CardContent>
      {top === null ? (
        <Skeleton variant="rectangular" height={240} sx={{ mx: 2, mb: 2 }} />
      ) : top.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 3 }} data-testid="top-empty">{label('empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                {['rank', 'affiliate', 'conversions', 'rate', 'registered', 'revenue', 'last_seen'].map((key) => (
                  <TableCell key={key} align={['conversions', 'rate', 'registered', 'revenue'].includes(key) ? 'right' : undefined}>{label(key)}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {top.map((affiliate, index) => (
                <TableRow key={affiliate.id} hover data-testid="top-affiliate">
                  <TableCell sx={{ fontWeight: 700 }}>{index + 1}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      <Box>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>{affiliate.name}</Typography>
                        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>#{formatAffiliateId(affiliate.unique_id)}</Typography>
                      </Box>
                      <Chip size="small" color={affiliate.isActive ? 'success' : 'default'} variant={affiliate.isActive ? 'filled' : 'outlined'}
                        label={label(affiliate.isActive ? 'active' : 'inactive')} data-testid="top-affiliate-activity" />
                    </Box>
                  </TableCell>
                  <TableCell align="right">{formatCount(affiliate.conversions)}</TableCell>
                  <TableCell align="right">{formatRate(affiliate.conversionRate)}</TableCell>
                  <TableCell align="right">{formatCount(affiliate.stats.registered)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>{formatRevenue(affiliate.revenue)}</TableCell>
                  <TableCell>{affiliate.lastConnection ? dateTime(affiliate.lastConnection) : label('never')}</TableCell>
                  <TableCell>
                    <Button component={Link} to={`${basename}/users/${affiliate.id}/statistics`} size="small" startIcon={<BarChartIcon />} data-testid="top-affiliate-statistics">
                      {label('statistics')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
};
