import type { Kysely } from 'kysely';
import type { BlobStore } from '../../files/blob-store';
import sharp from 'sharp';
import type { Database } from '../../db/database';
import { activateSignature, type SignatureDeps } from '../../features/signatures/signatures.service';
import { StationHub } from '../../features/signatures/station-hub';
import type { SessionUser } from '../../plugins/sessions';
import { DEMO_USERS } from '../demo-users';

/**
 * Signatures of the demo patients (issue 8): the first patients signed the consent and their newest
 * treatment; for every third one that treatment was edited afterwards, so its signature shows as no
 * longer matching. Signed through the signatures service, as the doctor collecting them would have.
 */
export async function seedSignatures(
  db: Kysely<Database>,
  blobs: BlobStore,
  now: Date,
  patientCount = 12,
): Promise<number> {
  if (await db.selectFrom('signatures').select('id').limit(1).executeTakeFirst()) return 0;
  const doctor = await db
    .selectFrom('users')
    .select(['id', 'nume', 'email', 'telefon', 'functie', 'roles'])
    .where('email', '=', DEMO_USERS.medic.email)
    .executeTakeFirst();
  if (!doctor) return 0;
  const user: SessionUser = { ...doctor, roles: JSON.parse(doctor.roles) as string[] };
  const signer = { user, actor: { userId: doctor.id, userEmail: doctor.email, ip: null } };
  const deps: SignatureDeps = {
    db,
    now: () => now,
    store: { db, blobs, now: () => now },
    hub: new StationHub(),
  };
  const patients = await db
    .selectFrom('patients')
    .select('id')
    .where('deleted_at', 'is', null)
    .orderBy('file_number')
    .limit(patientCount)
    .execute();
  let signed = 0;
  for (const [index, patient] of patients.entries()) {
    const image = await demoSignature(index);
    await activateSignature(deps, signer, { kind: 'consent', patientId: patient.id, image });
    const entry = await db
      .selectFrom('history_entries')
      .select(['id', 'detalii'])
      .where('patient_id', '=', patient.id)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (entry) {
      await activateSignature(deps, signer, {
        kind: 'entry',
        patientId: patient.id,
        entryId: Number(entry.id),
        image,
      });
      if (index % 3 === 2) {
        await db
          .updateTable('history_entries')
          .set((eb) => ({
            detalii: `${entry.detalii}${entry.detalii ? '\n' : ''}Completare ulterioară: control la 7 zile.`,
            updated_at: now.toISOString(),
            version: eb('version', '+', 1),
          }))
          .where('patient_id', '=', patient.id)
          .where('id', '=', entry.id)
          .execute();
      }
    }
    signed += 1;
  }
  return signed;
}

/** A handwriting-like stroke on a transparent PNG, varied by `seed`, as signature_pad's data URL. */
export async function demoSignature(seed: number): Promise<string> {
  const points: string[] = [];
  for (let x = 20; x <= 380; x += 6) {
    const y = 60 + Math.sin((x + seed * 17) / 23) * 25 + Math.sin((x * (seed + 2)) / 41) * 10;
    points.push(`${x},${y.toFixed(1)}`);
  }
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120">' +
    `<polyline points="${points.join(' ')}" fill="none" stroke="#0b1f4a" stroke-width="3" ` +
    'stroke-linecap="round" stroke-linejoin="round"/></svg>';
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
