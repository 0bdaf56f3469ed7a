import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { VisuallyHidden } from '@mantine/core';
import type { TreatmentKindId } from '@odonto/domain/catalogue';
import { chartState, type BridgeState, type ChartHistoryEntry } from '@odonto/domain/chart-state';
import { ROWS, rowIndexOf, type ToothId } from '@odonto/domain/teeth';
import { bridgeBand, CHART_HEIGHT, CHART_WIDTH, CELL_WIDTH, MIDLINE_X, toothCentreX } from './chart-geometry';
import { toothAfterKey } from './chart-keys';
import { ChartLegend } from './chart-legend';
import { ChartTooth } from './chart-tooth';
import { PlanHatch, PlanOverlay, type PlannedMark } from './plan-overlay';
import { toothView } from './tooth-view';
import classes from './dental-chart.module.css';

/**
 * The props of the odontogram. Kept stable: the printed patient file (issue 8) draws the chart with them.
 */
export interface DentalChartProps {
  /** The patient's history entries (deleted ones are ignored), as GET /api/get-pacient answers them. */
  history: readonly ChartHistoryEntry[];
  /** The patient's removed teeth (SPEC.md §3 dintiStersi). */
  dintiStersi: readonly string[];
  /** Makes each tooth a button (click, Enter or Space); without it the chart is a picture. */
  onToothClick?: (tooth: ToothId) => void;
  /** One of SPEC.md §4's kind filters: teeth without a treatment of that kind are dimmed. */
  kind?: TreatmentKindId | null;
  /** Black outlines, no hover or focus marks: for the printed patient file. */
  printable?: boolean;
  /** The tooth whose timeline is open, highlighted. */
  selectedTooth?: ToothId | null;
  /** Shows the legend under the drawing (default true). */
  legend?: boolean;
  /** Selection mode (planning): every tooth in the list is marked selected; clicks toggle through onToothClick. */
  selectedTeeth?: readonly ToothId[];
  /** Planned work (a treatment plan's items), drawn outlined and hatched over the state. */
  planned?: readonly PlannedMark[];
}

export type { PlannedMark };

function BridgeSpan({ bridge }: { bridge: BridgeState<ChartHistoryEntry> }) {
  const first = rowIndexOf(bridge.teeth[0] ?? bridge.start);
  const last = rowIndexOf(bridge.teeth[bridge.teeth.length - 1] ?? bridge.end);
  const band = bridgeBand(bridge.side);
  const x = toothCentreX(first) - CELL_WIDTH / 4;
  const width = toothCentreX(last) - toothCentreX(first) + CELL_WIDTH / 2;
  return (
    <rect
      className={classes.bridgeBand}
      data-bridge={`${bridge.start}-${bridge.end}`}
      data-start={bridge.start}
      data-end={bridge.end}
      data-direction={bridge.direction}
      data-fill={bridge.fill ?? ''}
      data-teeth={bridge.teeth.join(' ')}
      x={x}
      y={band.y}
      width={width}
      height={band.height}
      rx={4}
      fill={bridge.fill ?? '#adb5bd'}
    />
  );
}

/**
 * The odontogram: the 32 permanent teeth in two rows as the dentist faces the patient (SPEC.md §3), each
 * drawn as its type, showing the state folded from the history (chart-state.ts). Every tooth carries
 * data attributes (data-tooth, data-state, data-absence, data-endo, data-implant, data-fill,
 * data-others) that describe what is drawn, and an aria-label that says it in Romanian.
 */
export function DentalChart({
  history,
  dintiStersi,
  onToothClick,
  kind = null,
  printable = false,
  selectedTooth = null,
  legend = true,
  selectedTeeth,
  planned,
}: DentalChartProps) {
  const state = useMemo(() => chartState(history, dintiStersi), [history, dintiStersi]);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const hatchId = `plan-hatch-${uid}`;
  const keysId = `chart-keys-${uid}`;
  const isSelected = (id: ToothId) => (selectedTeeth ? selectedTeeth.includes(id) : selectedTooth === id);
  const isInteractive = Boolean(onToothClick) && !printable;
  // Roving tabindex: the chart is one tab stop (the tooth last focused, else the chosen one, else 1.8); the
  // arrows, Home and End move the focus between teeth in the order they are drawn.
  const [focused, setFocused] = useState<ToothId | null>(null);
  const toothElements = useRef(new Map<ToothId, SVGGElement>());
  const tabStop: ToothId = focused ?? selectedTooth ?? selectedTeeth?.[0] ?? ROWS.top[0] ?? '1.8';

  function handleNavigate(from: ToothId, event: KeyboardEvent<SVGGElement>) {
    const next = toothAfterKey(from, event);
    if (!next) {
      // At an edge the arrow does nothing (and does not scroll the page).
      if (event.key.startsWith('Arrow') || event.key === 'Home' || event.key === 'End')
        event.preventDefault();
      return;
    }
    event.preventDefault();
    setFocused(next);
    toothElements.current.get(next)?.focus();
  }
  return (
    <div className={printable ? classes.printable : undefined} data-testid="dental-chart">
      <div className={classes.scroller}>
        <svg
          className={classes.chart}
          viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
          role="group"
          aria-label="Schiță dentară"
          aria-describedby={isInteractive ? keysId : undefined}
          data-kind={kind ?? undefined}
          data-selection={selectedTeeth ? 'multiple' : undefined}
        >
          {planned ? <PlanHatch id={hatchId} /> : null}
          <line className={classes.midline} x1={MIDLINE_X} x2={MIDLINE_X} y1={0} y2={CHART_HEIGHT} />
          {state.bridges.map((bridge) => (
            <BridgeSpan key={bridge.entryId} bridge={bridge} />
          ))}
          {(['top', 'bottom'] as const).map((side) => (
            <g key={side} role="presentation" data-row={side}>
              {ROWS[side].map((id, index) => (
                <ChartTooth
                  key={id}
                  id={id}
                  side={side}
                  index={index}
                  view={toothView(state.teeth[id], kind)}
                  isSelected={isSelected(id)}
                  onClick={isInteractive ? onToothClick : undefined}
                  isTabStop={id === tabStop}
                  onNavigate={handleNavigate}
                  onFocus={setFocused}
                  elementRef={(element) => {
                    if (element) toothElements.current.set(id, element);
                    else toothElements.current.delete(id);
                  }}
                />
              ))}
            </g>
          ))}
          {planned ? <PlanOverlay marks={planned} patternId={hatchId} /> : null}
        </svg>
      </div>
      {isInteractive ? (
        <VisuallyHidden id={keysId}>
          Săgețile mută între dinți, <kbd>Home</kbd> și <kbd>End</kbd> la capătul rândului, Enter sau Spațiu
          alege dintele.
        </VisuallyHidden>
      ) : null}
      {legend ? <ChartLegend hasPlan={planned !== undefined} /> : null}
    </div>
  );
}
