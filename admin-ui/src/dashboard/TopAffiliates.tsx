import BarChartIcon from '@mui/icons-material/BarChart';
import { ACTIVITY_THRESHOLD_DAYS, formatAffiliateId, formatCount, formatRate, formatRevenue, type TopAffiliate } from '@affilux/contract';
import { Box, Button, Card, CardContent, Chip, Divider, IconButton, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Fragment } from 'react';
import { Link, useBasename, useTranslate } from 'react-admin';
import { useDateTime } from '../users/formatters';

/** The month's 10 best affiliates by revenue, each with a link to its statistics; on phones, one block each instead of a wide table. */
export const TopAffiliates = ({ top }: { top: TopAffiliate[] | null }) => {
  const translate = useTranslate();
  const basename = useBasename();
  const dateTime = useDateTime();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const label = (key: string) => translate(`app.statistics.top.${key}`);
  const statisticsLink = (affiliate: TopAffiliate) => `${basename}/users/${affiliate.id}/statistics`;
  const identity = (affiliate: TopAffiliate) => (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{affiliate.name}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>#{formatAffiliateId(affiliate.unique_id)}</Typography>
      </Box>
      {/* Active here is a recent connection, not figures this month as in the overview card: the tooltip says which. */}
      <Tooltip title={translate(`app.statistics.top.${affiliate.isActive ? 'active_hint' : 'inactive_hint'}`, { days: ACTIVITY_THRESHOLD_DAYS })}>
        <Chip size="small" color={affiliate.isActive ? 'success' : 'default'} variant={affiliate.isActive ? 'filled' : 'outlined'}
          label={label(affiliate.isActive ? 'active' : 'inactive')} data-testid="top-affiliate-activity" />
      </Tooltip>
    </Box>
  );
  return (
    <Card sx={{ minWidth: 0 }} data-testid="top-affiliates">
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="subtitle1" component="h2">{label('title')}</Typography>
      </CardContent>
      {top === null ? (
        <Skeleton variant="rectangular" height={240} sx={{ mx: 2, mb: 2 }} />
      ) : top.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 3 }} data-testid="top-empty">{label('empty')}</Typography>
      ) : phone ? (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {top.map((affiliate, index) => (
            <Fragment key={affiliate.id}>
              {index > 0 && <Divider component="li" aria-hidden />}
              <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', px: 2, py: 1.25 }} data-testid="top-affiliate">
                <Typography sx={{ fontWeight: 700, minWidth: '1.5em' }}>{index + 1}</Typography>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  {identity(affiliate)}
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    <Box component="span" sx={{ color: 'text.secondary' }}>{label('revenue')}</Box> <strong>{formatRevenue(affiliate.revenue)}</strong>
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {label('conversions')} {formatCount(affiliate.conversions)} · {formatRate(affiliate.conversionRate)} · {label('registered')} {formatCount(affiliate.stats.registered)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {affiliate.lastConnection ? `${label('last_seen')} ${dateTime(affiliate.lastConnection)}` : label('never_seen')}
                  </Typography>
                </Box>
                <IconButton component={Link} to={statisticsLink(affiliate)} aria-label={`${label('statistics')} : ${affiliate.name}`} color="primary" data-testid="top-affiliate-statistics">
                  <BarChartIcon />
                </IconButton>
              </Box>
            </Fragment>
          ))}
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                {['rank', 'affiliate', 'conversions', 'rate', 'registered', 'revenue', 'last_seen'].map((key) => (
                  <TableCell key={key} align={['conversions', 'rate', 'registered', 'revenue'].includes(key) ? 'right' : undefined}>{label(key)}</TableCell>
                ))}
                <TableCell sx={{ position: 'relative' }}><Box component="span" sx={visuallyHidden}>{label('statistics')}</Box></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {top.map((affiliate, index) => (
                <TableRow key={affiliate.id} hover data-testid="top-affiliate">
                  <TableCell sx={{ fontWeight: 700 }}>{index + 1}</TableCell>
                  <TableCell>{identity(affiliate)}</TableCell>
                  <TableCell align="right">{formatCount(affiliate.conversions)}</TableCell>
                  <TableCell align="right">{formatRate(affiliate.conversionRate)}</TableCell>
                  <TableCell align="right">{formatCount(affiliate.stats.registered)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>{formatRevenue(affiliate.revenue)}</TableCell>
                  <TableCell>{affiliate.lastConnection ? dateTime(affiliate.lastConnection) : label('never')}</TableCell>
                  <TableCell>
                    <Button component={Link} to={statisticsLink(affiliate)} size="small" startIcon={<BarChartIcon />} data-testid="top-affiliate-statistics">
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
