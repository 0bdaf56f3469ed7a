import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Group, NativeSelect, SegmentedControl, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { CalendarAppointment } from '@odonto/domain/contracts/appointments';
import { can } from '@odonto/domain/roles';
import {
  APPOINTMENT_MESSAGES,
  appointmentDay,
  isOverlapMessage,
  type AppointmentUpdate,
} from '@odonto/domain/contracts/appointments';
import { useCurrentUser } from '../../lib/current-user';
import { isApiError } from '../../lib/http';
import { askConfirmation } from '../../ui/confirm-host';
import { openModal } from '../../ui/modals';
import { usePageTitle } from '../../ui/use-page-title';
import { useLocations } from '../locations/api';
import { useCalendar, useDoctors, useMoveAppointment } from './api';
import { addMinutes } from './appointment-form-values';
import { CalendarGrid, type MoveTarget } from './calendar-grid';
import {
  clinicToday,
  dayLabel,
  gridHours,
  minutesOf,
  shiftDay,
  timeOf,
  viewDays,
  type CalendarView,
} from './calendar-days';
import {
  ALL_LOCATIONS,
  calendarPlace,
  chairColumns,
  CHAIR_COLUMNS,
  LocationControls,
} from './calendar-locations';
import { ReminderSettingsButton } from './reminder-settings';
import './appointment-modal';

export const CALENDAR_TITLE = 'Calendar';
/** The app shell's menu breakpoint (62em): below it the screen is a phone or an upright tablet. */
const NARROW_SCREEN = '(max-width: 61.99em)';
export const KEEP_MOVED_QUESTION = `${APPOINTMENT_MESSAGES.overlap} Păstrați programarea mutată oricum?`;
export const KEEP_MOVED_CHAIR_QUESTION = `${APPOINTMENT_MESSAGES.chairOverlap} Păstrați programarea mutată oricum?`;

/**
 * The calendar's view in the address (`?vedere=zi&zi=2026-03-05&medic=…`): a reload, a shared link or Back
 * from a patient's file shows the same days. Without `vedere` the screen's own view is shown; a hand-edited
 * bad value falls back to today.
 */
function readCalendarParams(params: URLSearchParams, today: string, defaultView: CalendarView) {
  const day = params.get('zi') ?? '';
  const asked = params.get('vedere');
  return {
    view: (asked === 'zi' ? 'day' : asked === 'saptamana' ? 'week' : defaultView) as CalendarView,
    anchor: appointmentDay.safeParse(day).success ? day : today,
    medicId: params.get('medic')?.trim() ?? '',
    sediu: params.get('sediu'),
    coloane: params.get('coloane'),
  };
}

/** /calendar: every doctor's appointments by day or week; book, move and open patients from here. */
export function CalendarPage() {
  usePageTitle(CALENDAR_TITLE);
  const navigate = useNavigate();
  const session = useCurrentUser();
  const [now] = useState(() => new Date());
  const today = clinicToday(now);
  const [params, setParams] = useSearchParams();
  // An upright tablet (800 px) has no room for a week of doctor columns: it opens on one whole day.
  const isNarrow = useMediaQuery(NARROW_SCREEN, false, { getInitialValueInEffect: false });
  const defaultView: CalendarView = isNarrow ? 'day' : 'week';
  const { view, anchor, medicId, sediu, coloane } = readCalendarParams(params, today, defaultView);
  const [movingIds, setMovingIds] = useState<ReadonlySet<string>>(new Set());
  const locations = useLocations();
  const place = calendarPlace(locations.data, { sediu, coloane }, medicId);

  function show(
    next: { view?: CalendarView; anchor?: string; medicId?: string; sediu?: string; byChair?: boolean } = {},
  ) {
    const wanted = { view, anchor, medicId, sediu: place.selected, byChair: place.byChair, ...next };
    const search = new URLSearchParams();
    if (wanted.view !== defaultView) search.set('vedere', wanted.view === 'day' ? 'zi' : 'saptamana');
    if (wanted.anchor !== today) search.set('zi', wanted.anchor);
    if (wanted.medicId) search.set('medic', wanted.medicId);
    // Every location needs a doctor: without one the calendar is the default location's again.
    const isAllWithoutDoctor = wanted.sediu === ALL_LOCATIONS && !wanted.medicId;
    if (place.isGroup && wanted.sediu && !isAllWithoutDoctor) search.set('sediu', wanted.sediu);
    if (wanted.byChair) search.set('coloane', CHAIR_COLUMNS);
    setParams(search, { replace: true });
  }
  const setView = (next: CalendarView) => show({ view: next });
  const setAnchor = (next: string) => show({ anchor: next });
  const setMedicId = (next: string) => show({ medicId: next });

  function markMoving(id: string, isMoving: boolean) {
    setMovingIds((current) => {
      const next = new Set(current);
      if (isMoving) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  const days = viewDays(anchor, view);
  const from = days[0] ?? anchor;
  const to = days[days.length - 1] ?? anchor;
  const calendar = useCalendar({
    from,
    to,
    ...(medicId ? { medicId } : {}),
    ...(place.filter ? { sediu: place.filter } : {}),
  });
  const doctors = useDoctors();
  const move = useMoveAppointment();
  const items = calendar.data?.programari ?? [];

  // Active doctors, plus any doctor an appointment shown still names (e.g. an account since disabled).
  const shownDoctors = [...(doctors.data ?? [])];
  for (const item of items) {
    if (!shownDoctors.some((doctor) => doctor._id === item.medicId))
      shownDoctors.push({ _id: item.medicId, nume: item.medic, email: '' });
  }
  const columnsDoctors = medicId ? shownDoctors.filter((doctor) => doctor._id === medicId) : shownDoctors;
  const chairs = place.byChair && place.location ? chairColumns(place.location, items) : null;
  const chairOf = (item: CalendarAppointment) =>
    item.chairId && chairs?.some((chair) => chair._id === item.chairId) ? item.chairId : '';
  const ownDoctorId = session.userCtx.roles.includes('medic') ? session.user._id : undefined;
  // A slot of a chair column is booked with the doctor shown, else the signed-in doctor.
  const bookingDoctorId = medicId || ownDoctorId;

  // mutateAsync, not mutate: mutate's own callbacks fire only for the latest call, and two blocks may move at once.
  // In chair columns a move changes the chair (target.doctorId is the chair's id), not the doctor.
  async function handleMove(item: CalendarAppointment, target: MoveTarget, keepOverlap = false) {
    const duration = minutesOf(item.panaLa) - minutesOf(item.deLa);
    const doctorId = chairs ? item.medicId : target.doctorId;
    const body: AppointmentUpdate = {
      _id: item._id,
      version: item.version,
      createdAt: target.day,
      trimite_sms: item.trimite_sms,
      deLa: timeOf(target.startMinutes),
      panaLa: timeOf(target.startMinutes + duration),
      medicId: doctorId,
      nota: item.nota,
      ...(chairs ? { cabinetId: target.doctorId || null } : {}),
      ...(keepOverlap ? { keepOverlap: true } : {}),
    };
    const medic = shownDoctors.find((doctor) => doctor._id === doctorId)?.nume;
    markMoving(item._id, true);
    try {
      await move.mutateAsync({ patientId: item.patientId, body, ...(medic ? { medic } : {}) });
      notifications.show({ color: 'teal', message: 'Programarea a fost mutată.' });
    } catch (error) {
      if (isApiError(error, 409) && isOverlapMessage(error.message)) {
        markMoving(item._id, false);
        const question =
          error.message === APPOINTMENT_MESSAGES.overlap ? KEEP_MOVED_QUESTION : KEEP_MOVED_CHAIR_QUESTION;
        if (await askConfirmation(question)) await handleMove(item, target, true);
        return;
      }
      notifications.show({
        color: 'red',
        message: isApiError(error) ? error.message : 'Programarea nu a putut fi mutată.',
      });
    } finally {
      markMoving(item._id, false);
    }
  }

  const step = view === 'day' ? 1 : 7;
  const doctorOptions = [
    { value: '', label: 'Toți medicii' },
    ...shownDoctors.map((doctor) => ({ value: doctor._id, label: doctor.nume })),
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{CALENDAR_TITLE}</Title>
        <Group gap="sm">
          {can(session.userCtx.roles, 'manage:settings') ? <ReminderSettingsButton /> : null}
          <Button
            leftSection={<IconCalendarPlus size={18} />}
            onClick={() =>
              openModal('add-appointment', {
                patientId: null,
                appointment: null,
                defaults: {
                  ...(ownDoctorId ? { medicId: ownDoctorId } : {}),
                  ...(place.location ? { sediuId: place.location.id } : {}),
                },
              })
            }
          >
            Programare nouă
          </Button>
        </Group>
      </Group>
      {/* The days shown, then what narrows them: in a clinic group the filters wrap onto a line of their own. */}
      <Group align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            aria-label="Vizualizare"
            value={view}
            onChange={(value) => setView(value === 'day' ? 'day' : 'week')}
            data={[
              { value: 'day', label: 'Zi' },
              { value: 'week', label: 'Săptămână' },
            ]}
          />
          <Button variant="default" aria-label="Înapoi" onClick={() => setAnchor(shiftDay(anchor, -step))}>
            <IconChevronLeft size={18} />
          </Button>
          <Button variant="default" onClick={() => setAnchor(today)}>
            Azi
          </Button>
          <Button variant="default" aria-label="Înainte" onClick={() => setAnchor(shiftDay(anchor, step))}>
            <IconChevronRight size={18} />
          </Button>
          <Title order={3} aria-live="polite">
            {view === 'day' ? dayLabel(from) : `${dayLabel(from)} – ${dayLabel(to)}`}
          </Title>
        </Group>
        <Group gap="sm" align="flex-end">
          <LocationControls
            answer={locations.data}
            place={place}
            medicId={medicId}
            onLocation={(next) => show({ sediu: next })}
            onByChair={(byChair) => show({ byChair })}
          />
          <NativeSelect
            label="Medic"
            value={medicId}
            data={doctorOptions}
            onChange={(event) => setMedicId(event.currentTarget.value)}
          />
        </Group>
      </Group>
      {calendar.isError ? <Alert color="red">Calendarul nu a putut fi încărcat.</Alert> : null}
      {doctors.data && columnsDoctors.length === 0 ? (
        <Alert color="yellow">Nu există medici activi.</Alert>
      ) : null}
      <CalendarGrid
        days={days}
        doctors={chairs ?? columnsDoctors}
        {...(chairs ? { columnOf: chairOf } : {})}
        showLocation={place.isGroup && place.location === null}
        showDoctor={chairs !== null}
        items={items}
        hours={gridHours(items, place.location)}
        today={today}
        movingIds={movingIds}
        onBook={(column, time) =>
          openModal('add-appointment', {
            patientId: null,
            appointment: null,
            defaults: {
              createdAt: column.day,
              deLa: time,
              panaLa: addMinutes(time, 30),
              ...(chairs
                ? {
                    cabinetId: column.doctorId || null,
                    ...(bookingDoctorId ? { medicId: bookingDoctorId } : {}),
                  }
                : { medicId: column.doctorId }),
              ...(place.location ? { sediuId: place.location.id } : {}),
            },
          })
        }
        onMove={(item, target) => void handleMove(item, target)}
        onOpenPatient={(item) => void navigate(`/pacienti/programari/${encodeURIComponent(item.patientId)}`)}
        onEdit={(item) => openModal('add-appointment', { patientId: item.patientId, appointment: item })}
      />
    </Stack>
  );
}
