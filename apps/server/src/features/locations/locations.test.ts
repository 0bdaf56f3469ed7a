import { expect, it } from 'vitest';
import { LOCATION_MESSAGES, type LocationsAnswer } from '@odonto/domain/contracts/locations';
import { USER_MESSAGES, type UserListResponse } from '@odonto/domain/contracts/users';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';

const SECOND = {
  name: 'Sediul Nord',
  address: 'Str. Florilor 3, Cluj-Napoca',
  phone: '0264 123 456',
  opensAt: '08:00',
  closesAt: '16:00',
};

describeEachDialect('locations API', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[]): Promise<string> {
    const user = await createUser(t().db, { roles, nume: `Test ${roles.join(' ')}` });
    return loginAs(t().app, user.email, user.password);
  }

  const send = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    call(t().app, { method, url, cookie, ...(body === undefined ? {} : { body }) });

  async function ok(
    cookie: string,
    method: 'POST' | 'PUT',
    url: string,
    body?: unknown,
    status = 200,
  ): Promise<LocationsAnswer> {
    const response = await send(cookie, method, url, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  }

  async function list(cookie: string): Promise<LocationsAnswer> {
    const response = await send(cookie, 'GET', '/api/locations');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function addSecond(admin: string) {
    const answer = await ok(admin, 'POST', '/api/locations', SECOND, 201);
    const second = answer.locations.find((place) => place.name === SECOND.name);
    if (!second) throw new Error('no second location');
    return { answer, second };
  }

  async function auditActions(): Promise<string[]> {
    const rows = await t().db.selectFrom('audit_log').select('action').orderBy('id').execute();
    return rows.map((row) => row.action).filter((action) => /^(location|chair|user_locations)/.test(action));
  }

  it('adds a location at the end of the order with its hours; everyone signed in reads it', async () => {
    const admin = await signIn(['admin']);
    const { answer, second } = await addSecond(admin);
    expect(answer.locations.map((place) => [place.name, place.position])).toEqual([
      ['Sediul principal', 1],
      ['Sediul Nord', 2],
    ]);
    expect(second).toMatchObject({
      address: SECOND.address,
      phone: '0264123456',
      opensAt: '08:00',
      closesAt: '16:00',
      archived: false,
      version: 1,
      chairs: [],
    });
    expect((await list(await signIn(['medic']))).locations).toHaveLength(2);
    // The clinic's technical administrator manages them too.
    const installer = await signIn(['dinstitute_admin']);
    await ok(installer, 'POST', '/api/locations', { name: 'Sediul Sud' }, 201);
    expect(await auditActions()).toEqual(['location_create', 'location_create']);
  });

  it('answers 400 with Romanian messages for bad input', async () => {
    const admin = await signIn(['admin']);
    const empty = await send(admin, 'POST', '/api/locations', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields?.['name']).toBe(LOCATION_MESSAGES.nameRequired);
    const hours = await send(admin, 'POST', '/api/locations', {
      name: 'X',
      opensAt: '18:00',
      closesAt: '09:00',
    });
    expect(hours.statusCode).toBe(400);
    expect(errorOf(hours).fields?.['closesAt']).toBe(LOCATION_MESSAGES.hoursOrder);
    const { second } = await addSecond(admin);
    const move = await send(admin, 'POST', `/api/locations/${second.id}/move`, { direction: 'left' });
    expect(move.statusCode).toBe(400);
    expect(errorOf(move).fields?.['direction']).toBe(LOCATION_MESSAGES.direction);
    const chair = await send(admin, 'POST', `/api/locations/${second.id}/chairs`, { name: '' });
    expect(chair.statusCode).toBe(400);
    expect(errorOf(chair).fields?.['name']).toBe(LOCATION_MESSAGES.chairNameRequired);
    const noVersion = await send(admin, 'PUT', `/api/locations/${second.id}`, SECOND);
    expect(noVersion.statusCode).toBe(400);
  });

  it('refuses a name an open location has (any case) with 409 on the name', async () => {
    const admin = await signIn(['admin']);
    const { second } = await addSecond(admin);
    const taken = await send(admin, 'POST', '/api/locations', { name: 'sediul NORD' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      message: LOCATION_MESSAGES.nameTaken,
      fields: { name: LOCATION_MESSAGES.nameTaken },
    });
    // A closed location frees its name.
    await ok(admin, 'POST', `/api/locations/${second.id}/archive`);
    await ok(admin, 'POST', '/api/locations', { name: 'Sediul Nord' }, 201);
    // ... and cannot be reopened while another open one has it.
    const reopen = await send(admin, 'POST', `/api/locations/${second.id}/reopen`);
    expect(reopen.statusCode).toBe(409);
    expect(errorOf(reopen).message).toBe(LOCATION_MESSAGES.nameTaken);
  });

  it('two administrators adding the same name at once: one location, one 409', async () => {
    const [first, second] = [await signIn(['admin']), await signIn(['admin'])];
    const answers = await Promise.all([
      send(first, 'POST', '/api/locations', SECOND),
      send(second, 'POST', '/api/locations', { ...SECOND, name: 'SEDIUL NORD' }),
      send(first, 'POST', '/api/locations', { ...SECOND, name: 'Sediul Sud' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409]);
    const { locations } = await list(first);
    expect(locations.filter((location) => /nord/i.test(location.name))).toHaveLength(1);
    expect(locations.map((location) => location.position)).toEqual([1, 2, 3]);
  });

  it('edits a location at its version: 409 when stale or the name is taken, 404 when unknown', async () => {
    const admin = await signIn(['admin']);
    const { second } = await addSecond(admin);
    const edited = await ok(admin, 'PUT', `/api/locations/${second.id}`, {
      ...SECOND,
      name: 'Sediul Nord-Vest',
      opensAt: '',
      closesAt: '',
      version: 1,
    });
    expect(edited.locations[1]).toMatchObject({
      name: 'Sediul Nord-Vest',
      opensAt: null,
      closesAt: null,
      version: 2,
    });
    const stale = await send(admin, 'PUT', `/api/locations/${second.id}`, { ...SECOND, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(LOCATION_MESSAGES.stale);
    const taken = await send(admin, 'PUT', `/api/locations/${second.id}`, {
      name: 'SEDIUL principal',
      version: 2,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields?.['name']).toBe(LOCATION_MESSAGES.nameTaken);
    const unknown = await send(admin, 'PUT', '/api/locations/nu-exista', { ...SECOND, version: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(LOCATION_MESSAGES.notFound);
    expect(await auditActions()).toEqual(['location_create', 'location_update']);
  });

  it('closes and reopens a location, never the last open one', async () => {
    const admin = await signIn(['admin']);
    const { answer, second } = await addSecond(admin);
    const first = answer.locations[0]!;
    const closed = await ok(admin, 'POST', `/api/locations/${first.id}/archive`);
    expect(closed.locations.map((place) => place.archived)).toEqual([true, false]);
    const last = await send(admin, 'POST', `/api/locations/${second.id}/archive`);
    expect(last.statusCode).toBe(409);
    expect(errorOf(last).message).toBe(LOCATION_MESSAGES.lastOpen);
    const reopened = await ok(admin, 'POST', `/api/locations/${first.id}/reopen`);
    expect(reopened.locations.map((place) => place.archived)).toEqual([false, false]);
    for (const action of ['archive', 'reopen']) {
      const unknown = await send(admin, 'POST', `/api/locations/nu-exista/${action}`);
      expect(unknown.statusCode).toBe(404);
    }
    expect(await auditActions()).toEqual(['location_create', 'location_archive', 'location_reopen']);
  });

  it('moves locations up and down, keeping positions 1, 2, … without gaps', async () => {
    const admin = await signIn(['admin']);
    const { second } = await addSecond(admin);
    await ok(admin, 'POST', '/api/locations', { name: 'Sediul Sud' }, 201);
    const up = await ok(admin, 'POST', `/api/locations/${second.id}/move`, { direction: 'up' });
    expect(up.locations.map((place) => [place.name, place.position])).toEqual([
      ['Sediul Nord', 1],
      ['Sediul principal', 2],
      ['Sediul Sud', 3],
    ]);
    // At the top nothing changes.
    const top = await ok(admin, 'POST', `/api/locations/${second.id}/move`, { direction: 'up' });
    expect(top.locations.map((place) => place.name)).toEqual([
      'Sediul Nord',
      'Sediul principal',
      'Sediul Sud',
    ]);
    const down = await ok(admin, 'POST', `/api/locations/${second.id}/move`, { direction: 'down' });
    expect(down.locations.map((place) => [place.name, place.position])).toEqual([
      ['Sediul principal', 1],
      ['Sediul Nord', 2],
      ['Sediul Sud', 3],
    ]);
    const unknown = await send(admin, 'POST', '/api/locations/nu-exista/move', { direction: 'up' });
    expect(unknown.statusCode).toBe(404);
  });

  it('adds, renames, moves, closes and reopens chairs', async () => {
    const admin = await signIn(['admin']);
    const { second } = await addSecond(admin);
    await ok(admin, 'POST', `/api/locations/${second.id}/chairs`, { name: 'Cabinet 1' }, 201);
    const two = await ok(admin, 'POST', `/api/locations/${second.id}/chairs`, { name: 'Cabinet 2' }, 201);
    const [one, other] = two.locations[1]!.chairs;
    expect([one, other].map((chair) => [chair?.name, chair?.position])).toEqual([
      ['Cabinet 1', 1],
      ['Cabinet 2', 2],
    ]);
    const taken = await send(admin, 'POST', `/api/locations/${second.id}/chairs`, { name: 'cabinet 1' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields?.['name']).toBe(LOCATION_MESSAGES.chairNameTaken);
    // Another location may have a chair of the same name.
    const first = two.locations[0]!;
    await ok(admin, 'POST', `/api/locations/${first.id}/chairs`, { name: 'Cabinet 1' }, 201);

    const renamed = await ok(admin, 'PUT', `/api/chairs/${one!.id}`, { name: 'Cabinet Ortodonție' });
    expect(renamed.locations[1]!.chairs[0]?.name).toBe('Cabinet Ortodonție');
    const renameTaken = await send(admin, 'PUT', `/api/chairs/${one!.id}`, { name: 'CABINET 2' });
    expect(renameTaken.statusCode).toBe(409);

    const moved = await ok(admin, 'POST', `/api/chairs/${other!.id}/move`, { direction: 'up' });
    expect(moved.locations[1]!.chairs.map((chair) => [chair.name, chair.position])).toEqual([
      ['Cabinet 2', 1],
      ['Cabinet Ortodonție', 2],
    ]);

    const closed = await ok(admin, 'POST', `/api/chairs/${other!.id}/archive`);
    expect(closed.locations[1]!.chairs.find((chair) => chair.id === other!.id)?.archived).toBe(true);
    // The closed chair's name is free again; the chair cannot be reopened while it is taken.
    await ok(admin, 'POST', `/api/locations/${second.id}/chairs`, { name: 'Cabinet 2' }, 201);
    const reopenTaken = await send(admin, 'POST', `/api/chairs/${other!.id}/reopen`);
    expect(reopenTaken.statusCode).toBe(409);
    expect(errorOf(reopenTaken).message).toBe(LOCATION_MESSAGES.chairNameTaken);
    await ok(admin, 'PUT', `/api/chairs/${other!.id}`, { name: 'Cabinet 3' });
    const reopened = await ok(admin, 'POST', `/api/chairs/${other!.id}/reopen`);
    expect(reopened.locations[1]!.chairs.find((chair) => chair.id === other!.id)?.archived).toBe(false);

    for (const [method, url, body] of [
      ['POST', '/api/locations/nu-exista/chairs', { name: 'X' }],
      ['PUT', '/api/chairs/nu-exista', { name: 'X' }],
      ['POST', '/api/chairs/nu-exista/archive', undefined],
      ['POST', '/api/chairs/nu-exista/reopen', undefined],
      ['POST', '/api/chairs/nu-exista/move', { direction: 'down' }],
    ] as const) {
      const response = await send(admin, method, url, body);
      expect(response.statusCode, url).toBe(404);
    }
    expect(errorOf(await send(admin, 'PUT', '/api/chairs/nu-exista', { name: 'X' })).message).toBe(
      LOCATION_MESSAGES.chairNotFound,
    );
    expect(await auditActions()).toEqual([
      'location_create',
      'chair_create',
      'chair_create',
      'chair_create',
      'chair_update',
      'chair_move',
      'chair_archive',
      'chair_create',
      'chair_update',
      'chair_reopen',
    ]);
  });

  it('sets where a staff member works, shown in the users list; 422 for an unknown or closed location', async () => {
    const admin = await signIn(['admin']);
    const { answer, second } = await addSecond(admin);
    const doctor = await createUser(t().db, { roles: ['medic'], nume: 'Dr. Pop' });
    const put = (body: unknown, id = doctor.id) => send(admin, 'PUT', `/api/users/${id}/locations`, body);

    const set = await put({ locationIds: [second.id, second.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ locationIds: [second.id] });
    const doctorCookie = await loginAs(t().app, doctor.email, doctor.password);
    expect((await list(doctorCookie)).mine).toEqual([second.id]);

    const users = await send(admin, 'POST', '/api/get-utilizatori', { page: 0 });
    const listed = (users.json() as UserListResponse).utilizatori;
    expect(listed.find((user) => user._id === doctor.id)?.locationIds).toEqual([second.id]);
    expect(listed.find((user) => user.nume === 'Test admin')?.locationIds).toEqual([]);

    const unknown = await put({ locationIds: ['nu-exista'] });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).message).toBe(LOCATION_MESSAGES.unknownLocations);
    await ok(admin, 'POST', `/api/locations/${answer.locations[0]!.id}/archive`);
    const closed = await put({ locationIds: [answer.locations[0]!.id] });
    expect(closed.statusCode).toBe(422);

    const none = await put({ locationIds: [] });
    expect(none.json()).toEqual({ locationIds: [] });
    const noUser = await put({ locationIds: [] }, 'nu-exista');
    expect(noUser.statusCode).toBe(404);
    expect(errorOf(noUser).message).toBe(USER_MESSAGES.notFound);
    expect((await put({ locationIds: 'x' })).statusCode).toBe(400);
    expect(await auditActions()).toEqual([
      'location_create',
      'user_locations',
      'location_archive',
      'user_locations',
    ]);
    const first = await t()
      .db.selectFrom('audit_log')
      .select(['details', 'entity_id'])
      .where('action', '=', 'user_locations')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(first.entity_id).toBe(doctor.id);
    expect(JSON.parse(first.details ?? '{}')).toEqual({ sedii: ['Sediul Nord'] });
  });

  it('saves a user’s locations with the user, in one transaction: 422 for an unknown one saves nothing', async () => {
    const admin = await signIn(['admin']);
    const { answer, second } = await addSecond(admin);
    const form = { nume: 'Dr. Ionescu', email: 'ionescu@clinica.ro', roles: ['medic'], active: false };
    const userCount = async () => (await t().db.selectFrom('users').select('id').execute()).length;
    const before = await userCount();

    const refused = await send(admin, 'POST', '/api/save-utilizator', {
      ...form,
      locationIds: ['nu-exista'],
    });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).fields).toEqual({ locationIds: LOCATION_MESSAGES.unknownLocations });
    expect(await userCount()).toBe(before);

    const created = await send(admin, 'POST', '/api/save-utilizator', { ...form, locationIds: [second.id] });
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json() as { _id: string; version: number };
    const locationsOf = async () => {
      const users = await send(admin, 'POST', '/api/get-utilizatori', { page: 0 });
      return (users.json() as UserListResponse).utilizatori.find((user) => user._id === saved._id)
        ?.locationIds;
    };
    expect(await locationsOf()).toEqual([second.id]);

    // An update without locationIds leaves them; with the same ones writes nothing more; a closed one: 422.
    const update = (body: object) =>
      send(admin, 'POST', `/api/update-utilizator/${saved._id}`, { ...form, ...body });
    const renamed = await update({ nume: 'Dr. Ionescu Ana', version: saved.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await locationsOf()).toEqual([second.id]);
    const same = await update({ locationIds: [second.id], version: saved.version + 1 });
    expect(same.statusCode).toBe(200);
    await ok(admin, 'POST', `/api/locations/${answer.locations[0]!.id}/archive`);
    const closed = await update({
      nume: 'Alt nume',
      locationIds: [answer.locations[0]!.id],
      version: saved.version + 2,
    });
    expect(closed.statusCode).toBe(422);
    const unchanged = await t()
      .db.selectFrom('users')
      .select(['nume', 'version'])
      .where('id', '=', saved._id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ nume: 'Dr. Ionescu', version: saved.version + 2 });
    const everywhere = await update({ locationIds: [], version: saved.version + 2 });
    expect(everywhere.statusCode).toBe(200);
    expect(await locationsOf()).toEqual([]);
    // Recorded when set at creation and when changed, not for the update that sent the same ones.
    expect((await auditActions()).filter((action) => action === 'user_locations')).toHaveLength(2);
  });

  it('answers 401 signed out and 403 to medic, asistent and sterilizare on every write', async () => {
    const admin = await signIn(['admin']);
    const { second } = await addSecond(admin);
    const chairId = (await ok(admin, 'POST', `/api/locations/${second.id}/chairs`, { name: 'C1' }, 201))
      .locations[1]!.chairs[0]!.id;
    const writes = [
      ['POST', '/api/locations', { name: 'Alt sediu' }],
      ['PUT', `/api/locations/${second.id}`, { ...SECOND, version: 1 }],
      ['POST', `/api/locations/${second.id}/archive`, undefined],
      ['POST', `/api/locations/${second.id}/reopen`, undefined],
      ['POST', `/api/locations/${second.id}/move`, { direction: 'up' }],
      ['POST', `/api/locations/${second.id}/chairs`, { name: 'C2' }],
      ['PUT', `/api/chairs/${chairId}`, { name: 'C3' }],
      ['POST', `/api/chairs/${chairId}/archive`, undefined],
      ['POST', `/api/chairs/${chairId}/reopen`, undefined],
      ['POST', `/api/chairs/${chairId}/move`, { direction: 'up' }],
      ['PUT', `/api/users/${second.id}/locations`, { locationIds: [] }],
    ] as const;
    expect((await send(null, 'GET', '/api/locations')).statusCode).toBe(401);
    for (const [method, url, body] of writes) {
      expect((await send(null, method, url, body)).statusCode, url).toBe(401);
    }
    for (const roles of [['medic'], ['asistent'], ['sterilizare']]) {
      const cookie = await signIn(roles);
      for (const [method, url, body] of writes) {
        const response = await send(cookie, method, url, body);
        expect(response.statusCode, `${roles[0]} ${url}`).toBe(403);
      }
    }
    expect((await list(admin)).locations[1]).toMatchObject({ name: SECOND.name, version: 1 });
  });
});
