import { Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AUDIT_PAGE_SIZE } from './api';

/** "1–50 of 120" with previous and next, for the audit lists (pages of AUDIT_PAGE_SIZE). */
export const Pager = ({ offset, total, onOffset, testId }: { offset: number; total: number; onOffset: (offset: number) => void; testId: string }) => {
  const translate = useTranslate();
  if (total <= AUDIT_PAGE_SIZE) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center', p: 1.5 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.audit.pager', { from: offset + 1, to: Math.min(offset + AUDIT_PAGE_SIZE, total), total })}
      </Typography>
      <Button size="small" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}>{translate('app.audit.previous')}</Button>
      <Button size="small" disabled={offset + AUDIT_PAGE_SIZE >= total} onClick={() => onOffset(offset + AUDIT_PAGE_SIZE)}>{translate('app.audit.next')}</Button>
    </Stack>
  );
};
