import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

export type Column<T> = { id: string; label: ReactNode; cell: (item: T) => ReactNode; align?: 'left' | 'right'; sx?: SxProps<Theme> };

/**
 * A list of items as a table on wide screens and as stacked cards on phones (a table of 5 to 8
 * columns does not fit 375 px): each item keeps its test id in both shapes.
 */
export function ResponsiveRows<T>({ items, keyOf, testIdOf, columns, card, phone, rowSx, inset = true }: {
  items: T[];
  keyOf: (item: T) => string | number;
  testIdOf: (item: T) => string;
  columns: Column<T>[];
  card: (item: T) => ReactNode;
  phone: boolean;
  rowSx?: (item: T) => SxProps<Theme>;
  /** Phone cards get the card's side padding (false when already inside padded content). */
  inset?: boolean;
}) {
  if (phone) {
    return (
      <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} sx={{ px: inset ? 2 : 0 }}>
        {items.map((item) => (
          <Box key={keyOf(item)} sx={{ py: 1.25 }} data-testid={testIdOf(item)}>{card(item)}</Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => <TableCell key={column.id} align={column.align}>{column.label}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={keyOf(item)} data-testid={testIdOf(item)} sx={rowSx?.(item)}>
              {columns.map((column) => <TableCell key={column.id} align={column.align} sx={column.sx}>{column.cell(item)}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
