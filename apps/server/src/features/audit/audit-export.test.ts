import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call } from '../../../test/http';
import { csvCell } from './audit-csv';
import { EXPORT_BATCH_SIZE } from './audit.service';
import { auditUrl, createPatientVia, seedAudit, signInWith } from './audit.test-support';

const HEADER = 'Data și ora;Utilizator;Email;Adresă IP;Acțiune;Pacient;Detalii';

/** The file's lines after the BOM (CRLF endings; quoted cells may hold their own line breaks). */
function linesOf(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .filter((line) => line !== '');
}

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['Țară', 'Țară'],
  ])('csvCell(%j) is %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describeEachDialect('audit CSV export', ({ useApp }) => {
  const t = useApp();

  it('downloads a UTF-8 file with BOM, ; separated, Romanian header and Bucharest times', async () => {
    const admin = await signInWith(t(), ['admin']);
    const medic = await createUser(t().db, { nume: 'Dr. Ștefan Țurcanu', roles: ['medic'] });
    const patient = await createPatientVia(t(), admin.cookie, { nume: 'Șerban', prenume: 'Ioana' });
    await seedAudit(t(), [
      {
        at: '2026-02-27T07:08:09.000Z',
        action: 'patient_update',
        user_id: medic.id,
        user_email: medic.email,
        ip: '10.1.2.3',
        patient_id: patient._id,
        details: JSON.stringify({ fields: ['nume', 'antecedente'], version: 2 }),
      },
    ]);

    const response = await call(t().app, {
      url: auditUrl('/api/audit/export.csv', { patient: patient._id, action: 'patient_update' }),
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="jurnal-audit-2026-03-02.csv"',
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(linesOf(response.body)).toEqual([
      HEADER,
      `27.02.2026 09:08:09;Dr. Ștefan Țurcanu;${medic.email};10.1.2.3;Modificare pacient;` +
        `Șerban Ioana (fișa nr. ${patient.id});Câmpuri modificate: nume, antecedente`,
    ]);
  });

  it('quotes semicolons, quotes and line breaks, keeps diacritics, and defuses formulas', async () => {
    const admin = await signInWith(t(), ['admin']);
    await seedAudit(t(), [
      {
        at: '2026-03-01T10:00:00.000Z',
        action: 'note_add',
        user_email: '=HYPERLINK("http://rau.example")',
        details: JSON.stringify({ nota: 'Pacient "dificil"; revine\nmâine, ăîșțâ' }),
      },
    ]);
    const response = await call(t().app, {
      url: auditUrl('/api/audit/export.csv', { action: 'note_add' }),
      cookie: admin.cookie,
    });
    const [, line] = linesOf(response.body);
    expect(line).toBe(
      `01.03.2026 12:00:00;;"'=HYPERLINK(""http://rau.example"")";192.0.2.1;note_add;;` +
        `"Pacient ""dificil""; revine\nmâine, ăîșțâ"`,
    );
  });

  it('streams every matching row in batches, the same instant across a batch boundary included', async () => {
    const admin = await signInWith(t(), ['admin']);
    const count = EXPORT_BATCH_SIZE * 2 + 34;
    await seedAudit(
      t(),
      Array.from({ length: count }, (_, index) => ({
        at: index < EXPORT_BATCH_SIZE + 10 ? '2026-02-01T10:00:00.000Z' : '2026-02-01T09:00:00.000Z',
        action: 'patient_view',
        patient_id: `p-${index}`,
      })),
    );
    const response = await call(t().app, {
      url: auditUrl('/api/audit/export.csv', {
        action: 'patient_view',
        from: '2026-02-01',
        to: '2026-02-01',
      }),
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const rows = linesOf(response.body).slice(1);
    expect(rows).toHaveLength(count);
    const patients = rows.map((line) => line.split(';')[5]);
    expect(new Set(patients).size).toBe(count);
    expect(rows[0]?.startsWith('01.02.2026 12:00:00;')).toBe(true);
    expect(rows.at(-1)?.startsWith('01.02.2026 11:00:00;')).toBe(true);
  });

  it('records who exported which filters; the file is named after the Bucharest day', async () => {
    t().clock.set('2026-03-02T22:30:00.000Z');
    const admin = await signInWith(t(), ['admin']);
    const response = await call(t().app, {
      url: auditUrl('/api/audit/export.csv', { user: 'ana@clinica.test', from: '2026-03-01', action: '' }),
      cookie: admin.cookie,
      remoteAddress: '192.0.2.9',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="jurnal-audit-2026-03-03.csv"',
    );
    expect(linesOf(response.body)).toEqual([HEADER]);
    const row = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'audit_export')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      at: '2026-03-02T22:30:00.000Z',
      user_id: admin.user.id,
      user_email: admin.user.email,
      ip: '192.0.2.9',
      entity: 'audit_log',
    });
    expect(JSON.parse(row.details ?? 'null')).toEqual({
      filters: { user: 'ana@clinica.test', from: '2026-03-01' },
    });
  });
});
