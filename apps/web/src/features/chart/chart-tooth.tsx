import type { KeyboardEvent, Ref } from 'react';
import { MATERIALS } from '@odonto/domain/catalogue';
import { toothById, type Side, type ToothId } from '@odonto/domain/teeth';
import { hitArea, labelY, toothCentreX, toothTransform } from './chart-geometry';
import { IMPLANT_BODY, IMPLANT_THREADS, TOOTH_SHAPES } from './tooth-shapes';
import type { ToothView } from './tooth-view';
import classes from './dental-chart.module.css';

const NATURAL_CROWN = '#ffffff';
const NATURAL_ROOT = '#f3ead8';
const OTHERS_MARK = '#1c7ed6';

interface ChartToothProps {
  id: ToothId;
  side: Side;
  index: number;
  view: ToothView;
  isSelected: boolean;
  onClick?: (tooth: ToothId) => void;
  /** Whether this tooth is the chart's one tab stop (roving tabindex; the arrows move it). */
  isTabStop?: boolean;
  /** The chart's arrow keys, Home and End: the chart moves the focus to another tooth. */
  onNavigate?: (tooth: ToothId, event: KeyboardEvent<SVGGElement>) => void;
  onFocus?: (tooth: ToothId) => void;
  elementRef?: Ref<SVGGElement>;
}

/** One tooth of the odontogram: its drawing, its number, and (when clickable) a button over its cell. */
export function ChartTooth({
  id,
  side,
  index,
  view,
  isSelected,
  onClick,
  isTabStop = true,
  onNavigate,
  onFocus,
  elementRef,
}: ChartToothProps) {
  const type = toothById(id)?.type ?? 'molar';
  const shape = TOOTH_SHAPES[type];
  const isGone = view.state === 'absent' || view.state === 'bridge-pontic';
  const area = hitArea(side, index);
  const dimmed = view.matchesKind === false;

  function handleKeyDown(event: KeyboardEvent<SVGGElement>) {
    if (!onClick) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onClick(id);
      return;
    }
    onNavigate?.(id, event);
  }

  return (
    <g
      ref={elementRef}
      className={[classes.tooth, dimmed ? classes.dimmed : '', isSelected ? classes.selected : ''].join(' ')}
      data-tooth={id}
      data-state={view.state}
      data-absence={view.absence ?? undefined}
      data-endo={String(view.isEndodontic)}
      data-implant={String(view.hasImplant)}
      data-fill={view.fill ?? ''}
      data-others={view.othersCount}
      data-match={view.matchesKind === null ? undefined : String(view.matchesKind)}
      data-selected={isSelected ? 'true' : undefined}
      role={onClick ? 'button' : 'img'}
      tabIndex={onClick ? (isTabStop ? 0 : -1) : undefined}
      aria-label={view.label}
      aria-pressed={onClick ? isSelected : undefined}
      onClick={onClick ? () => onClick(id) : undefined}
      onKeyDown={onClick ? handleKeyDown : undefined}
      onFocus={onClick && onFocus ? () => onFocus(id) : undefined}
    >
      <title>{view.label}</title>
      <rect className={classes.hit} {...area} rx={8} />
      <g transform={toothTransform(side, index)}>
        {isGone ? (
          <g className={classes.gone}>
            {view.state === 'absent' ? <path d={shape.root} /> : null}
            <path d={shape.crown} />
          </g>
        ) : view.hasImplant ? (
          <g className={classes.implant}>
            <path d={IMPLANT_BODY} fill={MATERIALS.implant.fill} />
            <path d={IMPLANT_THREADS} className={classes.threads} />
          </g>
        ) : (
          <path d={shape.root} fill={NATURAL_ROOT} className={classes.outline} />
        )}
        {view.isEndodontic && !isGone && !view.hasImplant ? (
          <path d={shape.canals} className={classes.canal} stroke={MATERIALS.endodontic.fill} />
        ) : null}
        {view.state === 'implant' ? (
          // An implant still waiting for its crown: only the crown's outline.
          <g className={classes.gone}>
            <path d={shape.crown} />
          </g>
        ) : view.state !== 'absent' ? (
          <path
            d={shape.crown}
            fill={view.fill ?? NATURAL_CROWN}
            className={view.state === 'bridge-pontic' ? classes.pontic : classes.outline}
          />
        ) : null}
        {view.absence === 'extracted' && view.state === 'absent' ? (
          <path d="M -20 20 L 20 110 M 20 20 L -20 110" className={classes.extracted} />
        ) : null}
      </g>
      {view.othersCount > 0 ? (
        <circle
          className={classes.others}
          cx={toothCentreX(index) + 20}
          cy={labelY(side) - 5}
          r={5}
          fill={OTHERS_MARK}
        />
      ) : null}
      <text x={toothCentreX(index)} y={labelY(side)} className={classes.number} textAnchor="middle">
        {id}
      </text>
    </g>
  );
}
