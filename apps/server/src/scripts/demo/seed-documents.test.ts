import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { filesOnDisk, insertPatientRow } from '../../../test/stored-files';
import { detectContentFormat, looksComplete } from '../../files/content';
import { DEMO_USERS } from '../demo-users';
import { demoPdf, demoXray } from './demo-files';
import { seedDocuments } from './seed-documents';

describeEachDialect('demo documents', ({ useApp }) => {
  const t = useApp();

  it('gives the first patients a consent PDF, an X-ray, a note and some an imported file, once', async () => {
    await createUser(t().db, { email: DEMO_USERS.asistent.email, roles: ['asistent'] });
    for (let i = 0; i < 4; i += 1) await insertPatientRow(t().db);
    const now = t().clock.now();
    // Four patients: three documents each, and an imported file for the first and the fourth.
    expect(await seedDocuments(t().db, t().blobs, now, 4)).toBe(14);
    expect(await seedDocuments(t().db, t().blobs, now, 4)).toBe(0);
    const rows = await t().db.selectFrom('documents').selectAll().execute();
    expect(rows.filter((row) => row.kind === 'radiografie')).toHaveLength(4);
    expect(rows.filter((row) => row.kind === 'import')).toHaveLength(2);
    expect(rows.every((row) => row.day < '2026-03-02')).toBe(true);
    // PDFs: 4 + 2; X-rays: 4 pictures + 4 thumbnails.
    expect(await filesOnDisk(t().dataDir)).toHaveLength(14);
    const audits = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'document_create')
      .execute();
    expect(audits).toHaveLength(14);
  });

  it('makes a well-formed PDF and a greyscale picture', async () => {
    const pdf = demoPdf('Consimțământ (test)', ['Linia 1']);
    expect(detectContentFormat(pdf)).toBe('pdf');
    expect(looksComplete(pdf)).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(pdf.toString('latin1'))?.[1]);
    expect(pdf.toString('latin1', startxref, startxref + 4)).toBe('xref');
    expect(pdf.toString('latin1')).toContain('(Consimtamant \\(test\\)) Tj');
    const metadata = await sharp(await demoXray(1)).metadata();
    expect([metadata.width, metadata.height, metadata.format]).toEqual([1200, 600, 'png']);
  });
});
