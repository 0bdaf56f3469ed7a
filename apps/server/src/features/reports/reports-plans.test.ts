import { expect, it } from 'vitest';
import type { PlansReport } from '@odonto/domain/contracts/reports';
import { LOCATION_MESSAGES } from '@odonto/domain/contracts/locations';
import { REPORT_MESSAGES } from '@odonto/domain/contracts/reports';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { insertPatientRow } from '../../../test/stored-files';
import { csvLines, insertAcceptedPlan, insertGroupLocations, insertPlanCharge } from './reports.test-support';

// Issue 14 (decision 0050): the plans report of one location of a clinic group (`?sediu=`).
describeEachDialect('the plans report by location', ({ useApp }) => {
  const t = useApp();
  const RANGE = '/api/rapoarte/planuri?de_la=2026-01&pana_la=2026-02';

  async function signIn(roles: string[], nume: string) {
    const user = await createUser(t().db, { roles, nume });
    return { user, cookie: await loginAs(t().app, user.email, user.password) };
  }

  /**
   * Sediul principal (the first), Sediul Nord and Sediul Vechi (closed). Dr. Ana: a plan accepted in January
   * before plans had a location (its crown done in February before locations too) and one accepted at Nord in
   * February (800 lei of it done there); Dr. Bogdan: a plan accepted at the first location in February.
   */
  async function clinicGroup() {
    const admin = await signIn(['admin'], 'Admin Clinică');
    const ana = await signIn(['medic'], 'Dr. Ana Pop');
    const bogdan = await signIn(['medic'], 'Dr. Bogdan Ionescu');
    const firstId = await insertGroupLocations(t().db);
    const patientId = await insertPatientRow(t().db);
    const before = await insertAcceptedPlan(t().db, {
      patientId,
      doctor: ana.user,
      totalBani: 100_000,
      signedAt: '2026-01-15T10:00:00.000Z',
    });
    const north = await insertAcceptedPlan(t().db, {
      patientId,
      doctor: ana.user,
      totalBani: 200_000,
      signedAt: '2026-02-10T10:00:00.000Z',
      locationId: 'nord',
    });
    await insertAcceptedPlan(t().db, {
      patientId,
      doctor: bogdan.user,
      totalBani: 50_000,
      signedAt: '2026-02-11T10:00:00.000Z',
      locationId: firstId,
    });
    const done = { patientId, doctorId: ana.user.id, day: '2026-02-20' };
    await insertPlanCharge(t().db, { ...done, planId: north, amountBani: 80_000, locationId: 'nord' });
    await insertPlanCharge(t().db, { ...done, planId: before, amountBani: 30_000 });
    return { admin, ana, bogdan, firstId };
  }

  const plans = async (cookie: string, query: string) => {
    const response = await call(t().app, { url: `${RANGE}${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlansReport>();
  };
  const shown = (report: PlansReport) => [
    report.location,
    report.lines.map((line) => [
      line.month,
      line.doctorName,
      line.acceptedCount,
      line.acceptedBani,
      line.doneBani,
    ]),
  ];

  it('keeps the plans accepted and the plan work charged at the location; those from before at the first', async () => {
    const { admin, firstId } = await clinicGroup();
    expect(shown(await plans(admin.cookie, ''))).toEqual([
      null,
      [
        ['2026-01', 'Dr. Ana Pop', 1, 100_000, 0],
        ['2026-02', 'Dr. Ana Pop', 1, 200_000, 110_000],
        ['2026-02', 'Dr. Bogdan Ionescu', 1, 50_000, 0],
      ],
    ]);
    const north = await plans(admin.cookie, '&sediu=nord');
    expect(shown(north)).toEqual([
      { id: 'nord', name: 'Sediul Nord' },
      [['2026-02', 'Dr. Ana Pop', 1, 200_000, 80_000]],
    ]);
    expect(north.months).toEqual([
      { month: '2026-01', acceptedCount: 0, acceptedBani: 0, doneBani: 0 },
      { month: '2026-02', acceptedCount: 1, acceptedBani: 200_000, doneBani: 80_000 },
    ]);
    expect(shown(await plans(admin.cookie, `&sediu=${firstId}`))).toEqual([
      { id: firstId, name: 'Sediul principal' },
      [
        ['2026-01', 'Dr. Ana Pop', 1, 100_000, 0],
        ['2026-02', 'Dr. Ana Pop', 0, 0, 30_000],
        ['2026-02', 'Dr. Bogdan Ionescu', 1, 50_000, 0],
      ],
    ]);
  });

  it('a doctor narrows their own plans the same way', async () => {
    const { ana, bogdan } = await clinicGroup();
    const own = await plans(ana.cookie, '&sediu=nord');
    expect([own.scope, ...shown(own)]).toEqual([
      'own',
      { id: 'nord', name: 'Sediul Nord' },
      [['2026-02', 'Dr. Ana Pop', 1, 200_000, 80_000]],
    ]);
    const other = await plans(bogdan.cookie, '&sediu=nord');
    expect([other.scope, other.lines]).toEqual(['own', []]);
  });

  it('names the location in a first column of the CSV; every location: as before', async () => {
    const { admin } = await clinicGroup();
    const csv = async (query: string) => {
      const response = await call(t().app, { url: `${RANGE}&format=csv${query}`, cookie: admin.cookie });
      expect(response.statusCode, response.body).toBe(200);
      return csvLines(response.body);
    };
    expect(await csv('&sediu=nord')).toEqual([
      'Sediu;Luna;Medic;Planuri acceptate;Valoare acceptată (lei);Valoare efectuată (lei)',
      'Sediul Nord;2026-02;Dr. Ana Pop;1;2000,00;800,00',
    ]);
    const all = await csv('');
    expect(all[0]).toBe('Luna;Medic;Planuri acceptate;Valoare acceptată (lei);Valoare efectuată (lei)');
    expect(all).toHaveLength(4);
  });

  it('reports a closed location; 404 for one the clinic never had, 400 for bad input, 401, 403', async () => {
    const { admin } = await clinicGroup();
    expect(shown(await plans(admin.cookie, '&sediu=vechi'))).toEqual([
      { id: 'vechi', name: 'Sediul Vechi' },
      [],
    ]);
    const unknown = await call(t().app, { url: `${RANGE}&sediu=nicaieri`, cookie: admin.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(LOCATION_MESSAGES.notFound);
    for (const bad of ['&sediu=', '&sediu=%20', `&sediu=${'x'.repeat(101)}`]) {
      const response = await call(t().app, { url: `${RANGE}${bad}`, cookie: admin.cookie });
      expect(response.statusCode, bad).toBe(400);
      expect(JSON.stringify(errorOf(response)), bad).toContain(REPORT_MESSAGES.location);
    }
    expect((await call(t().app, { url: `${RANGE}&sediu=nord` })).statusCode).toBe(401);
    const asistent = await signIn(['asistent'], 'Ioana Recepție');
    const refused = await call(t().app, { url: `${RANGE}&sediu=nord`, cookie: asistent.cookie });
    expect(refused.statusCode).toBe(403);
  });
});
