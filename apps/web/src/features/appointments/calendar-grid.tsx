import { useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { ActionIcon, Box, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { SLOT_MINUTES } from '@odonto/domain/appointments';
import type { CalendarAppointment } from '@odonto/domain/contracts/appointments';
import { spanText } from './appointment-list';
import { blockBox, dayLabel, layoutLanes, minutesOf, SLOT_PX, slotAt, timeOf } from './calendar-days';
import classes from './calendar-grid.module.css';

export interface CalendarColumn {
  day: string;
  doctorId: string;
  doctorName: string;
}

/** Where an appointment is dropped: its new day, doctor and start (minutes since midnight). */
export interface MoveTarget {
  day: string;
  doctorId: string;
  startMinutes: number;
}

interface CalendarGridProps {
  days: readonly string[];
  doctors: readonly { _id: string; nume: string }[];
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
      if (day && doctor) return { element, day, doctorId: doctor };
    }
  }
  return null;
}

/**
 * Day or week view: one column per doctor and day on a 15-minute grid. Click an empty slot to book, press
 * an appointment to open its patient, drag it (pointer) or Alt+↑/↓ (keyboard) to move it, or the pencil to
 * change it in the modal.
 */
export function CalendarGrid({
  days,
  doctors,
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
  const columns: CalendarColumn[] = days.flatMap((day) =>
    doctors.map((doctor) => ({ day, doctorId: doctor._id, doctorName: doctor.nume })),
  );
  const bodyHeight = (hours.end - hours.start) * (60 / SLOT_MINUTES) * SLOT_PX;
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
      target.doctorId === item.medicId &&
      target.startMinutes === minutesOf(item.deLa);
    if (target && !isSamePlace) onMove(item, target);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>, item: CalendarAppointment) {
    if (event.key === 'Escape' && drag.current) {
      cancelDrag();
      return;
    }
    if (movingIds?.has(item._id)) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpenPatient(item);
      return;
    }
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const step = event.key === 'ArrowUp' ? -SLOT_MINUTES : SLOT_MINUTES;
      onMove(item, {
        day: item.createdAt,
        doctorId: item.medicId,
        startMinutes: minutesOf(item.deLa) + step,
      });
    }
  }

  function handleColumnClick(event: MouseEvent<HTMLDivElement>, column: CalendarColumn) {
    if (event.target !== event.currentTarget) return;
    const offset = event.clientY - event.currentTarget.getBoundingClientRect().top;
    onBook(column, slotAt(offset, hours.start));
  }

  const template = `56px repeat(${columns.length}, minmax(${days.length > 1 ? 96 : 160}px, 1fr))`;
  return (
    <Box className={classes.scroller}>
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
        {columns.map((column) => {
          const own = items.filter(
            (item) => item.createdAt === column.day && item.medicId === column.doctorId,
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
              aria-label={`${column.doctorName}, ${dayLabel(column.day)}`}
              onClick={(event) => handleColumnClick(event, column)}
            >
              {own.map((item) => {
                const box = blockBox(item, hours.start);
                const name = patientName(item);
                const { lane, lanes: laneCount } = lanes.get(item._id) ?? { lane: 0, lanes: 1 };
                return (
                  <div
                    key={item._id}
                    role="button"
                    tabIndex={0}
                    aria-label={`${name}, ${spanText(item)}, ${item.medic}`}
                    title="Clic: fișa pacientului · trageți pentru a muta · Alt+↑/↓ mută cu 15 minute"
                    className={classes.block}
                    data-dragging={preview?.item._id === item._id || undefined}
                    aria-busy={movingIds?.has(item._id) || undefined}
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
                    onKeyDown={(event) => handleKeyDown(event, item)}
                  >
                    <Text size="xs" fw={700} lh={1.2} truncate>
                      {name}
                    </Text>
                    <Text size="xs" lh={1.2} truncate>
                      {spanText(item)}
                      {item.nota ? ` · ${item.nota}` : ''}
                    </Text>
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
                      <IconPencil size={12} />
                    </ActionIcon>
                  </div>
                );
              })}
              {ghost ? (
                <div
                  className={classes.ghost}
                  aria-hidden
                  style={{
                    top: ((ghost.startMinutes - hours.start * 60) / SLOT_MINUTES) * SLOT_PX,
                    height: blockBox(ghost.item, hours.start).height,
                  }}
                >
                  {`${String(timeOf(ghost.startMinutes).ora).padStart(2, '0')}:${String(timeOf(ghost.startMinutes).minute).padStart(2, '0')}`}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
