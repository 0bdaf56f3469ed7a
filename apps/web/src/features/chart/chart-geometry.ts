import type { Side } from '@odonto/domain/teeth';
import { NECK_Y, TOOTH_HEIGHT } from './tooth-shapes';

/**
 * Where things are in the chart's viewBox (user units, scaled to any size). Upper teeth hang from the
 * top with their crowns towards the middle; lower teeth stand below, mirrored, so the two rows bite.
 */
export const CELL_WIDTH = 60;
const MARGIN = 10;
/** Extra room at the midline, between x.1 and y.1. */
const MIDLINE_GAP = 14;
const LABEL_BAND = 26;
/** Between the two rows' biting edges. */
const BITE_GAP = 20;

export const CHART_WIDTH = MARGIN * 2 + CELL_WIDTH * 16 + MIDLINE_GAP;
const TOP_APEX_Y = LABEL_BAND + 4;
const TOP_EDGE_Y = TOP_APEX_Y + TOOTH_HEIGHT;
const BOTTOM_EDGE_Y = TOP_EDGE_Y + BITE_GAP;
const BOTTOM_APEX_Y = BOTTOM_EDGE_Y + TOOTH_HEIGHT;
export const CHART_HEIGHT = BOTTOM_APEX_Y + LABEL_BAND + 4;
export const MIDLINE_X = MARGIN + CELL_WIDTH * 8 + MIDLINE_GAP / 2;
export const BITE_Y = TOP_EDGE_Y + BITE_GAP / 2;

/** The x of the centre of the tooth at that place of its row (0–15). */
export function toothCentreX(index: number): number {
  return MARGIN + CELL_WIDTH * index + CELL_WIDTH / 2 + (index >= 8 ? MIDLINE_GAP : 0);
}

/** The transform that puts a tooth drawn in tooth-shapes.ts coordinates in its place. */
export function toothTransform(side: Side, index: number): string {
  const x = toothCentreX(index);
  return side === 'top' ? `translate(${x} ${TOP_APEX_Y})` : `translate(${x} ${BOTTOM_APEX_Y}) scale(1 -1)`;
}

/** The tooth number's baseline: above the upper row, below the lower row. */
export function labelY(side: Side): number {
  return side === 'top' ? LABEL_BAND - 6 : BOTTOM_APEX_Y + LABEL_BAND - 2;
}

/** The whole cell of a tooth, number included: the click and touch target. */
export function hitArea(side: Side, index: number): { x: number; y: number; width: number; height: number } {
  const x = toothCentreX(index) - CELL_WIDTH / 2;
  return side === 'top'
    ? { x, y: 2, width: CELL_WIDTH, height: TOP_EDGE_Y + BITE_GAP / 2 - 2 }
    : { x, y: BITE_Y, width: CELL_WIDTH, height: CHART_HEIGHT - BITE_Y - 2 };
}

/** The band joining a bridge's crowns, in chart coordinates: across the crowns, near the biting edge. */
export function bridgeBand(side: Side): { y: number; height: number } {
  const fromEdge = (TOOTH_HEIGHT - NECK_Y) * 0.3;
  const height = 12;
  return side === 'top'
    ? { y: TOP_EDGE_Y - fromEdge - height, height }
    : { y: BOTTOM_EDGE_Y + fromEdge, height };
}
