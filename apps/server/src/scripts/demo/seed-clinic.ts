import type { Kysely } from 'kysely';
import type { ClinicSettings } from '@odonto/domain/contracts/clinic';
import type { Database } from '../../db/database';
import { toJsonText } from '../../db/json';
import { readClinicText, swapClinicText } from '../../features/clinic/clinic.queries';
import { DEMO_USERS } from '../demo-users';

/** The demo clinic's letterhead (issue 8), with its doctors' titles; written once, like an admin would. */
export async function seedClinic(db: Kysely<Database>, now: Date): Promise<boolean> {
  if ((await readClinicText(db)) !== null) return false;
  const doctors = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', [DEMO_USERS.medic.email, DEMO_USERS.medic2.email])
    .execute();
  const titles: Record<string, string> = {
    [DEMO_USERS.medic.email]: 'Medic primar stomatologie generală',
    [DEMO_USERS.medic2.email]: 'Medic specialist ortodonție și ortopedie dento-facială',
  };
  const clinic: ClinicSettings = {
    nume: 'Clinica Dentară Zâmbet',
    adresa: 'Str. Republicii nr. 10, Brașov 500030',
    telefon: '0268410200',
    email: 'contact@clinica-demo.ro',
    cui: 'RO31415920',
    titluriMedici: doctors.map((doctor) => ({ userId: doctor.id, titlu: titles[doctor.email] ?? '' })),
    stampila: 'Clinica Dentară Zâmbet SRL\nBrașov',
    regCom: 'J08/1234/2015',
    strada: 'Str. Republicii nr. 10',
    localitate: 'Brașov',
    judetCod: 'BV',
    codPostal: '500030',
    iban: 'RO49AAAA1B31007593840000',
    banca: 'Banca Transilvania',
    platitorTva: true,
    logo: null,
    version: 1,
  };
  return swapClinicText(db, null, toJsonText(clinic), now.toISOString());
}
