import { expect, it } from 'vitest';
import { DEFAULT_CLINIC, type ClinicSettings } from '@odonto/domain/contracts/clinic';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';

const FORM = {
  nume: 'Clinica Zâmbet Sănătos',
  adresa: 'Str. Lungă nr. 5, Brașov',
  telefon: '0268 123 456',
  email: 'Contact@Zambet.ro',
  cui: 'ro 14399840',
  titluriMedici: [{ userId: 'u-1', titlu: 'Medic primar stomatologie generală' }],
  stampila: 'Dr. Ana Popescu\nCod parafă A12345',
};

describeEachDialect('GET/PUT /api/clinic', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[]): Promise<string> {
    const user = await createUser(t().db, { roles });
    return loginAs(t().app, user.email, user.password);
  }

  const put = (cookie: string | null, body: unknown) =>
    call(t().app, { method: 'PUT', url: '/api/clinic', cookie, body });

  it('answers the defaults before an admin saves the details, to every signed-in role', async () => {
    for (const roles of [['asistent'], ['medic'], ['sterilizare'], ['admin']]) {
      const response = await call(t().app, { url: '/api/clinic', cookie: await signIn(roles) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(DEFAULT_CLINIC);
    }
  });

  it('saves the details (normalised), answers them with the next version and audits the change', async () => {
    const cookie = await signIn(['admin']);
    const response = await put(cookie, { ...FORM, version: 0 });
    expect(response.statusCode, response.body).toBe(200);
    const expected: ClinicSettings = {
      ...DEFAULT_CLINIC,
      ...FORM,
      telefon: '0268123456',
      email: 'contact@zambet.ro',
      cui: 'RO14399840',
      logo: null,
      version: 1,
    };
    expect(response.json()).toEqual(expected);

    const medic = await signIn(['medic']);
    expect((await call(t().app, { url: '/api/clinic', cookie: medic })).json()).toEqual(expected);

    const second = await put(cookie, { ...FORM, cui: '', adresa: 'Str. Scurtă 1', version: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ cui: '', adresa: 'Str. Scurtă 1', version: 2 });

    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'entity', 'details'])
      .where('action', '=', 'clinic_update')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => JSON.parse(row.details ?? '{}') as unknown)).toEqual([
      { fields: ['nume', 'adresa', 'telefon', 'email', 'cui', 'titluriMedici', 'stampila'], version: 1 },
      { fields: ['adresa', 'cui'], version: 2 },
    ]);
  });

  it('names the clinic in SMS reminders once saved, until the reminders get a name of their own', async () => {
    const cookie = await signIn(['admin']);
    const reminder = async () =>
      (await call(t().app, { url: '/api/setari/sms-reminder', cookie })).json() as { clinicName: string };
    expect((await reminder()).clinicName).toBe('Clinica Odonto');
    expect((await put(cookie, { ...FORM, version: 0 })).statusCode).toBe(200);
    expect((await reminder()).clinicName).toBe(FORM.nume);
    const own = { template: '{clinica}: {data} {ora}', clinicName: 'Zâmbet' };
    const saved = await call(t().app, { method: 'PUT', url: '/api/setari/sms-reminder', cookie, body: own });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await reminder()).clinicName).toBe('Zâmbet');
  });

  it('answers 409 for a stale version and changes nothing', async () => {
    const cookie = await signIn(['admin']);
    expect((await put(cookie, { ...FORM, version: 0 })).statusCode).toBe(200);
    const stale = await put(cookie, { ...FORM, nume: 'Alt nume', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe('Datele au fost modificate între timp de altcineva.');
    const ahead = await put(cookie, { ...FORM, version: 7 });
    expect(ahead.statusCode).toBe(409);
    expect((await call(t().app, { url: '/api/clinic', cookie })).json()).toMatchObject({
      nume: FORM.nume,
      version: 1,
    });
  });

  it.each([
    ['cui', { cui: '1234567' }, 'Codul fiscal (CUI) nu este valid.'],
    ['nume', { nume: ' ' }, 'Numele clinicii este obligatoriu.'],
    ['telefon', { telefon: 'abc' }, 'Numărul de telefon nu este valid.'],
    ['email', { email: 'fara-arond' }, 'Adresa de email nu este validă.'],
  ])('answers 400 with a Romanian message for a bad %s', async (field, change, message) => {
    const cookie = await signIn(['admin']);
    const response = await put(cookie, { ...FORM, ...change, version: 0 });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.[field]).toBe(message);
  });

  it('answers 400 for an unknown field or a missing version', async () => {
    const cookie = await signIn(['admin']);
    expect((await put(cookie, { ...FORM, logo: 'x.png', version: 0 })).statusCode).toBe(400);
    expect((await put(cookie, FORM)).statusCode).toBe(400);
  });

  it('answers 401 signed out and 403 to every role but admin', async () => {
    expect((await call(t().app, { url: '/api/clinic' })).statusCode).toBe(401);
    expect((await put(null, { ...FORM, version: 0 })).statusCode).toBe(401);
    for (const roles of [['medic'], ['asistent'], ['sterilizare']]) {
      const response = await put(await signIn(roles), { ...FORM, version: 0 });
      expect(response.statusCode).toBe(403);
    }
    const dinstitute = await put(await signIn(['dinstitute_admin']), { ...FORM, version: 0 });
    expect(dinstitute.statusCode).toBe(200);
  });

  it('refuses a save without the security header (403)', async () => {
    const cookie = await signIn(['admin']);
    const response = await call(t().app, {
      method: 'PUT',
      url: '/api/clinic',
      cookie,
      body: { ...FORM, version: 0 },
      withoutCsrfHeader: true,
    });
    expect(response.statusCode).toBe(403);
  });
});
