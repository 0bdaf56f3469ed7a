import { expect, it } from 'vitest';
import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type CalendarResponse,
} from '@odonto/domain/contracts/appointments';
import { LOCATION_MESSAGES } from '@odonto/domain/contracts/locations';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import {
  addChair,
  addLocation,
  book,
  clinic,
  firstLocationId,
  form,
  json,
  save,
  update,
} from './appointments.test-support';

describeEachDialect('appointments by location and chair', ({ useApp }) => {
  const t = useApp();

  it('books at the first open location without one, at the asked one and chair with one; audits both', async () => {
    const c = await clinic(t());
    const first = await firstLocationId(t());
    const second = await addLocation(t(), 'Sediul Nord');
    const chair = await addChair(t(), second, 'Cabinet 2');

    const plain = await book(t(), c, form(c.doctor.id, [9, 0], [9, 30]));
    expect(plain).toMatchObject({ locationId: first, locationName: 'Sediul principal', chairId: null });

    const placed = await book(
      t(),
      c,
      form(c.doctor.id, [10, 0], [10, 30], { sediuId: second, cabinetId: chair }),
    );
    expect(placed).toMatchObject({
      locationId: second,
      locationName: 'Sediul Nord',
      chairId: chair,
      chairName: 'Cabinet 2',
    });

    const audit = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'appointment_create')
      .where('entity_id', '=', placed._id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.details))).toMatchObject({ sediuId: second, cabinetId: chair });

    // A change without the fields keeps the place; with another location the chair goes.
    const kept = await update(t(), c, {
      ...form(c.doctor.id, [10, 15], [10, 45]),
      _id: placed._id,
      version: placed.version,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const keptItem = json(kept).find((item) => item._id === placed._id);
    expect(keptItem).toMatchObject({ locationId: second, chairId: chair });
    const movedBack = await update(t(), c, {
      ...form(c.doctor.id, [10, 15], [10, 45], { sediuId: first }),
      _id: placed._id,
      version: 2,
    });
    expect(movedBack.statusCode, movedBack.body).toBe(200);
    expect(json(movedBack).find((item) => item._id === placed._id)).toMatchObject({
      locationId: first,
      chairId: null,
    });
  });

  it("books a staff member's new appointment at their own first open location", async () => {
    const c = await clinic(t());
    const second = await addLocation(t(), 'Sediul Nord');
    const assistant = await createUser(t().db, { roles: ['asistent'] });
    await t()
      .db.insertInto('user_locations')
      .values({ user_id: assistant.id, location_id: second })
      .execute();
    const cookie = await loginAs(t().app, assistant.email, assistant.password);
    const item = await book(t(), { ...c, cookie }, form(c.doctor.id));
    expect(item.locationId).toBe(second);
  });

  it('refuses an unknown or closed location and a chair of another location or closed (422)', async () => {
    const c = await clinic(t());
    const first = await firstLocationId(t());
    const second = await addLocation(t(), 'Sediul Nord');
    const closed = await addLocation(t(), 'Sediul vechi', true);
    const elsewhere = await addChair(t(), first, 'Cabinet 1');
    const closedChair = await addChair(t(), second, 'Cabinet închis', true);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sediuId: 'no-such-place' }, 'sediuId', LOCATION_MESSAGES.notFound],
      [{ sediuId: '' }, 'sediuId', LOCATION_MESSAGES.required],
      [{ sediuId: closed }, 'sediuId', LOCATION_MESSAGES.closed],
      [{ sediuId: second, cabinetId: 'no-such-chair' }, 'cabinetId', LOCATION_MESSAGES.chairNotFound],
      [{ sediuId: second, cabinetId: elsewhere }, 'cabinetId', LOCATION_MESSAGES.chairElsewhere],
      [{ sediuId: second, cabinetId: closedChair }, 'cabinetId', LOCATION_MESSAGES.chairClosed],
      // Without a location the chair must belong to the default (first) one.
      [{ cabinetId: closedChair }, 'cabinetId', LOCATION_MESSAGES.chairElsewhere],
    ];
    for (const [extra, field, message] of cases) {
      const response = await save(t(), c, { ...form(c.doctor.id), ...extra });
      expect(response.statusCode, message).toBe(422);
      expect(errorOf(response).fields, message).toEqual({ [field]: message });
    }
    expect(await t().db.selectFrom('appointments').selectAll().execute()).toHaveLength(0);

    const item = await book(t(), c, form(c.doctor.id));
    const moved = await update(t(), c, {
      ...form(c.doctor.id, [10, 0], [10, 30], { sediuId: closed }),
      _id: item._id,
      version: item.version,
    });
    expect(moved.statusCode).toBe(422);
    expect(errorOf(moved).fields).toEqual({ sediuId: LOCATION_MESSAGES.closed });
  });

  it('answers 409 when the chair is busy (another doctor), and keeps both when told', async () => {
    const c = await clinic(t());
    const second = await addLocation(t(), 'Sediul Nord');
    const chair = await addChair(t(), second, 'Cabinet 2');
    const other = await createUser(t().db, { roles: ['medic'], nume: 'Dr. Ion Ene' });
    const existing = await book(
      t(),
      c,
      form(c.doctor.id, [10, 0], [11, 0], { sediuId: second, cabinetId: chair }),
    );

    const clash = await save(
      t(),
      c,
      form(other.id, [10, 30], [11, 30], { sediuId: second, cabinetId: chair }),
    );
    expect(clash.statusCode).toBe(409);
    const body = clash.json<{ error: { code: string; message: string; clash: Appointment } }>();
    expect(body.error).toMatchObject({
      code: 'conflict',
      message: APPOINTMENT_MESSAGES.chairOverlap,
      clash: { _id: existing._id, chairId: chair },
    });
    // Another chair, or none, at the same time is no clash.
    await book(t(), c, form(other.id, [10, 30], [11, 30], { sediuId: second }));
    const kept = await save(
      t(),
      c,
      form(other.id, [10, 45], [11, 15], { sediuId: second, cabinetId: chair, keepOverlap: true, nota: 'x' }),
    );
    // The doctor "other" is busy too (the chairless one): keepOverlap keeps past both warnings.
    expect(kept.statusCode, kept.body).toBe(201);

    // Moving into the busy chair clashes; staying in its own place does not.
    const later = await book(t(), c, form(c.doctor.id, [12, 0], [12, 30], { sediuId: second }));
    const moved = await update(t(), c, {
      ...form(c.doctor.id, [12, 0], [12, 30], { sediuId: second, cabinetId: chair }),
      _id: later._id,
      version: later.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const onto = await update(t(), c, {
      ...form(c.doctor.id, [10, 0], [10, 30], { sediuId: second, cabinetId: chair }),
      _id: later._id,
      version: 2,
    });
    expect(onto.statusCode).toBe(409);
  });

  it('filters the calendar by location; without it a doctor sees every location', async () => {
    const c = await clinic(t());
    const first = await firstLocationId(t());
    const second = await addLocation(t(), 'Sediul Nord');
    const here = await book(t(), c, form(c.doctor.id, [9, 0], [9, 30]));
    const there = await book(t(), c, form(c.doctor.id, [11, 0], [11, 30], { sediuId: second }));
    const range = 'from=2026-03-05&to=2026-03-05';
    const ids = async (query: string) => {
      const response = await call(t().app, { url: `/api/calendar?${range}${query}`, cookie: c.cookie });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CalendarResponse>().programari.map((item) => [item._id, item.locationName]);
    };
    expect(await ids(`&sediu=${second}`)).toEqual([[there._id, 'Sediul Nord']]);
    expect(await ids(`&sediu=${first}`)).toEqual([[here._id, 'Sediul principal']]);
    expect(await ids(`&medicId=${c.doctor.id}`)).toEqual([
      [here._id, 'Sediul principal'],
      [there._id, 'Sediul Nord'],
    ]);
    const bad = await call(t().app, { url: `/api/calendar?${range}&sediu=`, cookie: c.cookie });
    expect(bad.statusCode).toBe(400);
  });
});
