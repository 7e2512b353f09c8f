import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { formatGrowth, shareLevel } from '@affilux/contract';
import { Stack, Typography } from '@mui/material';

const COLOURS = { high: 'success.main', medium: 'warning.main', low: 'error.main' } as const;
const ICONS = { high: ArrowUpwardIcon, medium: ArrowForwardIcon, low: ArrowDownwardIcon } as const;

/** The spec's affiliate growth arrow: green from 50 %, yellow from 25 %, red below; neutral when there is no share to take (no affiliates). */
export const ShareArrow = ({ percent, label, testId }: { percent: number | null; label: string; testId?: string }) => {
  const level = percent === null ? 'none' : shareLevel(percent);
  const Icon = level === 'none' ? ArrowForwardIcon : ICONS[level];
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, color: level === 'none' ? 'text.secondary' : COLOURS[level] }} data-testid={testId} data-level={level}>
      <Icon fontSize="small" />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{label}</Typography>
    </Stack>
  );
};

/** A change against the previous period: up in green, down in red, a dash when there is nothing to compare with (null). */
export const GrowthLabel = ({ percent, versus, testId }: { percent: number | null; versus: string; testId?: string }) => {
  const [Icon, colour] = percent === null || percent === 0 ? [ArrowForwardIcon, 'text.secondary'] : percent > 0 ? [ArrowUpwardIcon, 'success.main'] : [ArrowDownwardIcon, 'error.main'];
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, color: colour, flexWrap: 'wrap' }} data-testid={testId}>
      <Icon fontSize="small" />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{formatGrowth(percent)}</Typography>
      <Typography variant="body2" color="text.secondary">{versus}</Typography>
    </Stack>
  );
};
