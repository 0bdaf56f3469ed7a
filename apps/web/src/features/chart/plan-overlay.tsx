import { isTooth, rowIndexOf, sideOf, type Side, type ToothId } from '@odonto/domain/teeth';
import { CELL_WIDTH, toothCentreX, toothTransform } from './chart-geometry';
import { NECK_Y, TOOTH_HEIGHT } from './tooth-shapes';
import classes from './dental-chart.module.css';

/**
 * Work planned on a tooth or a span (a treatment plan's item): drawn outlined and hatched over the teeth,
 * never filled like work done, so "plan" and "stare actuală" cannot be mistaken for each other.
 */
export interface PlannedMark {
  /** The plan item's id. */
  id: string;
  /** What is planned, e.g. 'Coroană zirconiu'. */
  name: string;
  teeth: readonly string[];
  /** A bridge: drawn as one span from its first to its last tooth. */
  span: { start: string; end: string } | null;
}

/** The crown part of a tooth's cell, in tooth coordinates (before the row's transform). */
const CROWN_BOX = {
  x: -CELL_WIDTH / 2 + 5,
  y: NECK_Y - 4,
  width: CELL_WIDTH - 10,
  height: TOOTH_HEIGHT - NECK_Y + 8,
};

function PlannedTooth({ tooth, patternId, names }: { tooth: ToothId; patternId: string; names: string }) {
  return (
    <g
      transform={toothTransform(sideOf(tooth), rowIndexOf(tooth))}
      className={classes.planned}
      data-planned-tooth={tooth}
      data-planned={names}
    >
      <rect {...CROWN_BOX} rx={8} fill={`url(#${patternId})`} />
    </g>
  );
}

function PlannedSpan({ mark, patternId }: { mark: PlannedMark; patternId: string }) {
  const start = mark.span?.start ?? '';
  const end = mark.span?.end ?? '';
  if (!isTooth(start) || !isTooth(end)) return null;
  const side: Side = sideOf(start);
  const [first, last] = [rowIndexOf(start), rowIndexOf(end)].sort((a, b) => a - b) as [number, number];
  const x = toothCentreX(first) - CELL_WIDTH / 2 + 5;
  const width = toothCentreX(last) - toothCentreX(first) + CELL_WIDTH - 10;
  // The span covers the crowns of its row, drawn in the row's coordinates like a single tooth.
  const transform = side === 'top' ? toothTransform('top', 0) : toothTransform('bottom', 0);
  const offset = toothCentreX(0);
  return (
    <g
      transform={transform}
      className={classes.planned}
      data-planned-span={`${start}-${end}`}
      data-planned={mark.name}
    >
      <rect
        x={x - offset}
        y={CROWN_BOX.y}
        width={width}
        height={CROWN_BOX.height}
        rx={10}
        fill={`url(#${patternId})`}
      />
    </g>
  );
}

/** The hatch every planned mark is filled with (one per chart, by id). */
export function PlanHatch({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={id} width={8} height={8} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width={8} height={8} className={classes.hatchGround} />
        <line x1={0} y1={0} x2={0} y2={8} className={classes.hatchLine} />
      </pattern>
    </defs>
  );
}

/** Draws the planned marks: spans as one band each, other items per tooth (several items on one tooth merge). */
export function PlanOverlay({ marks, patternId }: { marks: readonly PlannedMark[]; patternId: string }) {
  const spans = marks.filter((mark) => mark.span !== null);
  const byTooth = new Map<ToothId, string[]>();
  for (const mark of marks) {
    if (mark.span) continue;
    for (const tooth of mark.teeth) {
      if (isTooth(tooth)) byTooth.set(tooth, [...(byTooth.get(tooth) ?? []), mark.name]);
    }
  }
  return (
    <g data-testid="plan-overlay" pointerEvents="none">
      {spans.map((mark) => (
        <PlannedSpan key={mark.id} mark={mark} patternId={patternId} />
      ))}
      {[...byTooth].map(([tooth, names]) => (
        <PlannedTooth key={tooth} tooth={tooth} patternId={patternId} names={names.join(', ')} />
      ))}
    </g>
  );
}
