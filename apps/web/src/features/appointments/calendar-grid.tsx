import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { ActionIcon, Box, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { SLOT_MINUTES } from '@odonto/domain/appointments';
import type { CalendarAppointment } from '@odonto/domain/contracts/appointments';
import { spanText } from './appointment-list';
import { blockBox, dayLabel, layoutLanes, minutesOf, SLOT_PX, slotAt, timeOf } from './calendar-days';
import { keyMoveTarget, slotAfterKey, timeText } from './calendar-keys';
import classes from './calendar-grid.module.css';

/**
 * A column of the grid: a day and a doctor, or (chair columns, issue 14) a day and a chair, whose id is
 * then in `doctorId` ('' for the appointments without a chair).
 */
export interface CalendarColumn {
  day: string;
  doctorId: string;
  doctorName: string;
}

/** Where an appointment is dropped: its new day, column (doctor or chair) and start (minutes since midnight). */
export interface MoveTarget {
  day: string;
  doctorId: string;
  startMinutes: number;
}

interface CalendarGridProps {
  days: readonly string[];
  /** The columns of each day: the doctors, or the chairs when `columnOf` places appointments by chair. */
  doctors: readonly { _id: string; nume: string }[];
  /** The column an appointment is in (default: its doctor). */
  columnOf?: (item: CalendarAppointment) => string;
  /** Each block names its location too (a doctor's week across locations). */
  showLocation?: boolean;
  /** Each block shows its doctor too (chair columns). */
  showDoctor?: boolean;
  items: readonly CalendarAppointment[];
  hours: { start: number; end: number };
  today: string;
  /** Appointments whose move the server has not answered yet: shown where they go, not draggable. */
  movingIds?: ReadonlySet<string>;
  onBook: (column: CalendarColumn, time: { ora: number; minute: number }) => void;
  onMove: (item: CalendarAppointment, target: MoveTarget) => void;
  onOpenPatient: (item: CalendarAppointment) => void;
  onEdit: (item: CalendarAppointment) => void;
}

interface Drag {
  item: CalendarAppointment;
  pointerId: number;
  startX: number;
  startY: number;
  /** Minutes between the appointment's start and the point it was grabbed at. */
  grabMinutes: number;
  isMoving: boolean;
}

const COLUMN_ATTRIBUTE = 'data-calendar-column';
// A press that moves less than this is a click (open the patient), not a drag.
const DRAG_THRESHOLD_PX = 5;

function patientName(item: CalendarAppointment): string {
  return `${item.patient.nume} ${item.patient.prenume}`;
}

/** The column under a screen point, found by its data attributes (the dragged block lets pointers through). */
function columnAt(x: number, y: number): { element: HTMLElement; day: string; doctorId: string } | null {
  for (const element of document.elementsFromPoint(x, y)) {
    if (element instanceof HTMLElement && element.hasAttribute(COLUMN_ATTRIBUTE)) {
      const { day, doctor } = element.dataset;
      // The chairless column's id is ''.
      if (day && doctor !== undefined) return { element, day, doctorId: doctor };
    }
  }
  return null;
}

export const APPOINTMENT_KEYS_HINT =
  'Enter deschide fișa pacientului. M sau Alt+săgeți începe mutarea: săgețile o mută cu 15 minute sau o coloană, Enter confirmă, Escape anulează.';
/** The keys are named as printed on them (<kbd>), which the screen walk does not read as English words. */
const SLOT_KEYS_HINT = (
  <>
    Săgețile sus și jos mută cu 15 minute, stânga și dreapta trec la coloana vecină, <kbd>Page Up</kbd> și{' '}
    <kbd>Page Down</kbd> cu o oră; Enter programează.
  </>
);

/**
 * Day or week view: one column per doctor and day on a 15-minute grid. Click an empty slot to book, press
 * an appointment to open its patient, drag it (pointer) to move it, or the pencil to change it in the modal.
 * By keyboard the grid is one tab stop for its slots (the arrows move through them, Enter books) followed
 * by its appointments (Enter opens the patient; Alt+arrows move by a slot or a column, shown and announced,
 * and Enter saves the move through the same `onMove` as a drag, Escape puts it back).
 */
export function CalendarGrid({
  days,
  doctors,
  columnOf = (item) => item.medicId,
  showLocation = false,
  showDoctor = false,
  items,
  hours,
  today,
  movingIds,
  onBook,
  onMove,
  onOpenPatient,
  onEdit,
}: CalendarGridProps) {
  const drag = useRef<Drag | null>(null);
  const [preview, setPreview] = useState<(MoveTarget & { item: CalendarAppointment }) | null>(null);
  // The appointment being moved with the keyboard (its place is `preview` until Enter or Escape).
  const [keyMoveId, setKeyMoveId] = useState<string | null>(null);
  // The slot cursor: the column and start (minutes) the keyboard is on.
  const [cursor, setCursor] = useState<{ column: number; minutes: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const slotButtons = useRef<(HTMLButtonElement | null)[]>([]);
  // An appointment moved to another column is drawn anew there: its button takes the focus back.
  const refocusId = useRef<string | null>(null);
  const ghostElement = useRef<HTMLDivElement | null>(null);
  const ids = useId();
  const appointmentHintId = `${ids}-appointment-keys`;
  const slotHintId = `${ids}-slot-keys`;
  const columns: CalendarColumn[] = days.flatMap((day) =>
    doctors.map((doctor) => ({ day, doctorId: doctor._id, doctorName: doctor.nume })),
  );
  const bodyHeight = (hours.end - hours.start) * (60 / SLOT_MINUTES) * SLOT_PX;
  const bounds = { first: hours.start * 60, end: hours.end * 60 };
  const cursorColumn = Math.min(
    cursor?.column ??
      Math.max(
        0,
        columns.findIndex((column) => column.day === today),
      ),
    Math.max(columns.length - 1, 0),
  );
  const cursorMinutes = Math.min(
    Math.max(cursor?.minutes ?? bounds.first, bounds.first),
    bounds.end - SLOT_MINUTES,
  );

  function columnText(column: CalendarColumn | undefined): string {
    return column ? `${column.doctorName}, ${dayLabel(column.day)}` : '';
  }
  const hourLabels = Array.from({ length: hours.end - hours.start }, (_, index) => hours.start + index);

  function targetAt(x: number, y: number, current: Drag): MoveTarget | null {
    const column = columnAt(x, y);
    if (!column) return null;
    const offset = y - column.element.getBoundingClientRect().top;
    const pointed = minutesOf(slotAt(offset, hours.start)) - current.grabMinutes;
    const snapped = Math.round(pointed / SLOT_MINUTES) * SLOT_MINUTES;
    const duration = minutesOf(current.item.panaLa) - minutesOf(current.item.deLa);
    const startMinutes = Math.max(
      hours.start * 60,
      Math.min(snapped, 24 * 60 - Math.max(duration, SLOT_MINUTES)),
    );
    return { day: column.day, doctorId: column.doctorId, startMinutes };
  }

  function cancelDrag() {
    drag.current = null;
    setPreview(null);
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>, item: CalendarAppointment) {
    if (event.button !== 0 || movingIds?.has(item._id)) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const grabSlots = Math.floor((event.clientY - rect.top) / SLOT_PX);
    drag.current = {
      item,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      grabMinutes: grabSlots * SLOT_MINUTES,
      isMoving: false,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const distance = Math.hypot(event.clientX - current.startX, event.clientY - current.startY);
    if (!current.isMoving && distance < DRAG_THRESHOLD_PX) return;
    current.isMoving = true;
    const target = targetAt(event.clientX, event.clientY, current);
    setPreview(target ? { ...target, item: current.item } : null);
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    cancelDrag();
    if (!current.isMoving) {
      onOpenPatient(current.item);
      return;
    }
    // The appointment as the calendar now knows it (a refetch during the drag may carry a newer version).
    const item = items.find((candidate) => candidate._id === current.item._id) ?? current.item;
    const target = targetAt(event.clientX, event.clientY, { ...current, item });
    const isSamePlace =
      target &&
      target.day === item.createdAt &&
      target.doctorId === columnOf(item) &&
      target.startMinutes === minutesOf(item.deLa);
    if (target && !isSamePlace) onMove(item, target);
  }

  function cancelKeyMove(message: string) {
    setKeyMoveId(null);
    setPreview(null);
    if (message) setAnnouncement(message);
  }

  function handleAppointmentKeyDown(event: KeyboardEvent<HTMLButtonElement>, item: CalendarAppointment) {
    if (event.key === 'Escape' && drag.current) {
      cancelDrag();
      return;
    }
    if (movingIds?.has(item._id)) return;
    const isMoving = keyMoveId === item._id && preview !== null;
    if (isMoving && event.key === 'Escape') {
      event.preventDefault();
      cancelKeyMove(`Mutarea a fost anulată. ${patientName(item)} rămâne la ${spanText(item)}.`);
      return;
    }
    if (isMoving && event.key === 'Enter') {
      // Enter confirms the move (and must not also open the patient).
      event.preventDefault();
      const target = { day: preview.day, doctorId: preview.doctorId, startMinutes: preview.startMinutes };
      cancelKeyMove('');
      const isSamePlace =
        target.day === item.createdAt &&
        target.doctorId === columnOf(item) &&
        target.startMinutes === minutesOf(item.deLa);
      if (isSamePlace) return;
      if (target.day !== item.createdAt || target.doctorId !== columnOf(item)) refocusId.current = item._id;
      onMove(item, target);
      return;
    }
    const from = isMoving
      ? preview
      : { day: item.createdAt, doctorId: columnOf(item), startMinutes: minutesOf(item.deLa) };
    const target = keyMoveTarget(event, {
      isMoving,
      from,
      duration: minutesOf(item.panaLa) - minutesOf(item.deLa),
      columns,
      bounds,
    });
    if (!target) return;
    event.preventDefault();
    setKeyMoveId(item._id);
    setPreview({ ...target, item });
    // The grid scrolls inside its frame: keep the new place in sight.
    requestAnimationFrame(() =>
      ghostElement.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
    const duration = minutesOf(item.panaLa) - minutesOf(item.deLa);
    const column = columns.find(
      (candidate) => candidate.day === target.day && candidate.doctorId === target.doctorId,
    );
    setAnnouncement(
      `Mutare: ${patientName(item)} la ${timeText(target.startMinutes)}–${timeText(target.startMinutes + duration)}, ${columnText(column)}. Enter confirmă, Escape anulează.`,
    );
  }

  function focusSlot(column: number) {
    const button = slotButtons.current[column];
    button?.focus();
    requestAnimationFrame(() => button?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  }

  function handleSlotKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = slotAfterKey(
      event.key,
      { column: index, minutes: cursorMinutes },
      { columns: columns.length, ...bounds },
    );
    if (!next) return;
    event.preventDefault();
    setCursor(next);
    setAnnouncement(`${timeText(next.minutes)}, ${columnText(columns[next.column])}`);
    focusSlot(next.column);
  }

  function handleColumnClick(event: MouseEvent<HTMLDivElement>, column: CalendarColumn) {
    if (event.target !== event.currentTarget) return;
    const offset = event.clientY - event.currentTarget.getBoundingClientRect().top;
    onBook(column, slotAt(offset, hours.start));
  }

  const template = `56px repeat(${columns.length}, minmax(${days.length > 1 ? 96 : 160}px, 1fr))`;
  return (
    <Box className={classes.scroller}>
      <VisuallyHidden id={slotHintId}>{SLOT_KEYS_HINT}</VisuallyHidden>
      <VisuallyHidden id={appointmentHintId}>{APPOINTMENT_KEYS_HINT}</VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite" data-testid="calendar-announcement">
        {announcement}
      </VisuallyHidden>
      <div className={classes.grid} style={{ gridTemplateColumns: template }}>
        <div className={classes.corner} />
        {days.map((day) => (
          <div
            key={day}
            className={classes.dayHeader}
            data-today={day === today || undefined}
            style={{ gridColumn: `span ${doctors.length}` }}
          >
            {dayLabel(day)}
            {day === today ? ' · azi' : ''}
          </div>
        ))}
        <div className={classes.corner} />
        {columns.map((column) => (
          <div
            key={`${column.day}-${column.doctorId}`}
            className={classes.doctorHeader}
            data-today={column.day === today || undefined}
          >
            {column.doctorName}
          </div>
        ))}
        <div className={classes.gutter} style={{ height: bodyHeight }}>
          {hourLabels.map((hour) => (
            <div key={hour} className={classes.hourLabel} style={{ top: (hour - hours.start) * 4 * SLOT_PX }}>
              {String(hour).padStart(2, '0')}:00
            </div>
          ))}
        </div>
        {columns.map((column, columnIndex) => {
          const own = items.filter(
            (item) => item.createdAt === column.day && columnOf(item) === column.doctorId,
          );
          const lanes = layoutLanes(own);
          const ghost =
            preview && preview.day === column.day && preview.doctorId === column.doctorId ? preview : null;
          return (
            <div
              key={`${column.day}-${column.doctorId}`}
              className={classes.column}
              style={{ height: bodyHeight, ['--slot' as string]: `${SLOT_PX}px` }}
              data-calendar-column=""
              data-day={column.day}
              data-doctor={column.doctorId}
              data-today={column.day === today || undefined}
              role="group"
              aria-label={columnText(column)}
              onClick={(event) => handleColumnClick(event, column)}
            >
              <button
                type="button"
                ref={(element) => {
                  slotButtons.current[columnIndex] = element;
                }}
                className={classes.slot}
                tabIndex={columnIndex === cursorColumn ? 0 : -1}
                aria-label={`Programare nouă la ${timeText(cursorMinutes)}, ${columnText(column)}`}
                aria-describedby={slotHintId}
                style={{ top: ((cursorMinutes - bounds.first) / SLOT_MINUTES) * SLOT_PX, height: SLOT_PX }}
                onFocus={() => {
                  if (columnIndex !== cursorColumn)
                    setCursor({ column: columnIndex, minutes: cursorMinutes });
                }}
                onKeyDown={(event) => handleSlotKeyDown(event, columnIndex)}
                onClick={() => onBook(column, timeOf(cursorMinutes))}
              >
                {timeText(cursorMinutes)}
              </button>
              {own.map((item) => {
                const box = blockBox(item, hours.start);
                const name = patientName(item);
                const detail = [
                  spanText(item),
                  showLocation ? item.locationName : null,
                  showDoctor ? item.medic : null,
                  item.nota,
                ]
                  .filter(Boolean)
                  .join(' · ');
                const { lane, lanes: laneCount } = lanes.get(item._id) ?? { lane: 0, lanes: 1 };
                return (
                  <div
                    key={item._id}
                    className={classes.block}
                    data-appointment={item._id}
                    data-dragging={preview?.item._id === item._id || undefined}
                    data-busy={movingIds?.has(item._id) || undefined}
                    style={{
                      top: box.top,
                      height: box.height,
                      left: `calc(${(lane / laneCount) * 100}% + 2px)`,
                      width: `calc(${100 / laneCount}% - 4px)`,
                    }}
                    onPointerDown={(event) => handlePointerDown(event, item)}
                    onPointerMove={handlePointerMove}
                    onPointerUp={handlePointerUp}
                    onPointerCancel={cancelDrag}
                    onLostPointerCapture={(event) => {
                      // Capture lost without a pointerup (e.g. the window lost focus): the drag is off.
                      if (drag.current?.pointerId === event.pointerId) cancelDrag();
                    }}
                  >
                    {/* Its name starts with what it shows (name, time, place, note), then says the doctor. */}
                    <button
                      type="button"
                      ref={(element) => {
                        if (element && refocusId.current === item._id) {
                          refocusId.current = null;
                          element.focus();
                        }
                      }}
                      aria-label={`${name}, ${detail}${showDoctor ? '' : `, ${item.medic}`}`}
                      className={classes.open}
                      title="Clic: fișa pacientului · trageți, sau M și săgețile, pentru a muta"
                      aria-describedby={appointmentHintId}
                      aria-busy={movingIds?.has(item._id) || undefined}
                      onKeyDown={(event) => handleAppointmentKeyDown(event, item)}
                      onBlur={() => {
                        if (keyMoveId === item._id) cancelKeyMove('Mutarea a fost anulată.');
                      }}
                      onClick={(event) => {
                        // A pointer press is handled by the block (click or drag); this is Enter, Space or
                        // a screen reader's click, which carry no pointer position.
                        if (event.detail === 0 && !movingIds?.has(item._id)) onOpenPatient(item);
                      }}
                    >
                      <span className={classes.line} data-strong="">
                        {name}
                      </span>{' '}
                      <span className={classes.line}>{detail}</span>
                    </button>
                    <ActionIcon
                      className={classes.edit}
                      size="xs"
                      variant="white"
                      aria-label={`Modifică programarea ${name}`}
                      onPointerDown={(event) => event.stopPropagation()}
                      onPointerUp={(event) => event.stopPropagation()}
                      onClick={(event) => {
                        event.stopPropagation();
                        onEdit(item);
                      }}
                    >
                      <IconPencil size={12} aria-hidden />
                    </ActionIcon>
                  </div>
                );
              })}
              {ghost ? (
                <div
                  ref={ghostElement}
                  className={classes.ghost}
                  aria-hidden
                  style={{
                    top: ((ghost.startMinutes - hours.start * 60) / SLOT_MINUTES) * SLOT_PX,
                    height: blockBox(ghost.item, hours.start).height,
                  }}
                >
                  {timeText(ghost.startMinutes)}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
