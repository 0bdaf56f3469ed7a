import { ROWS, sideOf, rowIndexOf, type ToothId } from '@odonto/domain/teeth';

export interface ChartKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/**
 * The tooth a key moves the chart's focus to, in the order the chart draws them (roving tabindex): ←/→
 * along the row, ↑/↓ to the tooth drawn above or below in the other row, Home/End to the row's first or last
 * tooth, Ctrl+Home/Ctrl+End to the chart's first (1.8) or last (3.8). Null for any other key, or at an edge.
 */
export function toothAfterKey(
  from: ToothId,
  { key, ctrlKey = false, metaKey = false }: ChartKey,
): ToothId | null {
  const side = sideOf(from);
  const row = ROWS[side];
  const index = rowIndexOf(from);
  const other = ROWS[side === 'top' ? 'bottom' : 'top'];
  const isWhole = ctrlKey || metaKey;
  let next: ToothId | undefined;
  if (key === 'ArrowLeft') next = row[index - 1];
  else if (key === 'ArrowRight') next = row[index + 1];
  else if (key === 'ArrowUp') next = side === 'bottom' ? other[index] : undefined;
  else if (key === 'ArrowDown') next = side === 'top' ? other[index] : undefined;
  else if (key === 'Home') next = isWhole ? ROWS.top[0] : row[0];
  else if (key === 'End') next = isWhole ? ROWS.bottom[ROWS.bottom.length - 1] : row[row.length - 1];
  return next && next !== from ? next : null;
}
