import DraftsIcon from '@mui/icons-material/Drafts';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import MailIcon from '@mui/icons-material/Mail';
import ReplyIcon from '@mui/icons-material/Reply';
import TodayIcon from '@mui/icons-material/Today';
import type { ContactMessageStats } from '@affilux/contract';
import { Box, Card, Skeleton, Typography } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslate } from 'react-admin';

const TILES: { key: keyof ContactMessageStats; icon: SvgIconComponent; color: string }[] = [
  { key: 'total', icon: MailIcon, color: '#5d5870' },
  { key: 'new_messages', icon: MarkEmailUnreadIcon, color: '#e8145f' },
  { key: 'read_messages', icon: DraftsIcon, color: '#7c3aed' },
  { key: 'replied_messages', icon: ReplyIcon, color: '#12a150' },
  { key: 'today_messages', icon: TodayIcon, color: '#0b7bd6' },
];

/** The five tiles: total, new, read, replied, today (Paris). */
export const MessageTiles = ({ stats }: { stats?: ContactMessageStats }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' }, gap: { xs: 1, sm: 2 }, mb: 2 }}>
      {TILES.map(({ key, icon: Icon, color }) => (
        <Card key={key} sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', alignItems: 'center', gap: 1.5, gridColumn: key === 'total' ? { xs: '1 / -1', sm: 'auto' } : undefined }}>
          <Box sx={{ width: 40, height: 40, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: `${color}1a`, color, flexShrink: 0 }}>
            <Icon fontSize="small" />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="p" sx={{ lineHeight: 1.1 }} data-testid={`messages-tile-${key}`}>
              {stats ? stats[key] : <Skeleton width={32} />}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {translate(`app.messages.tiles.${key}`)}
            </Typography>
          </Box>
        </Card>
      ))}
    </Box>
  );
};
