import { z } from 'zod';
import {
  CLINIC_MESSAGES,
  clinicInput,
  type ClinicInput,
  type ClinicSettings,
} from '@odonto/domain/contracts/clinic';

/**
 * The clinic form: the contract's fields, with the doctors' titles as one text per doctor id (an empty
 * text means no title), turned back into the contract's list when the form is sent.
 */
export const clinicForm = clinicInput.omit({ titluriMedici: true }).extend({
  // A doctor's field the admin never touched has no value yet.
  titluri: z.record(z.string(), z.string().trim().max(120, CLINIC_MESSAGES.titleTooLong).optional()),
});
export type ClinicFormInput = z.input<typeof clinicForm>;
export type ClinicFormData = z.output<typeof clinicForm>;

export function clinicFormValues(clinic: ClinicSettings): ClinicFormInput {
  return {
    nume: clinic.nume,
    adresa: clinic.adresa,
    telefon: clinic.telefon,
    email: clinic.email,
    cui: clinic.cui,
    stampila: clinic.stampila,
    regCom: clinic.regCom,
    strada: clinic.strada,
    localitate: clinic.localitate,
    judetCod: clinic.judetCod,
    codPostal: clinic.codPostal,
    iban: clinic.iban,
    banca: clinic.banca,
    platitorTva: clinic.platitorTva,
    titluri: Object.fromEntries(clinic.titluriMedici.map((title) => [title.userId, title.titlu])),
  };
}

/** What PUT /api/clinic receives (without the version). */
export function clinicInputOf({ titluri, ...data }: ClinicFormData): ClinicInput {
  return {
    ...data,
    titluriMedici: Object.entries(titluri).flatMap(([userId, titlu]) =>
      titlu === undefined || titlu === '' ? [] : [{ userId, titlu }],
    ),
  };
}

export const CLINIC_FIELDS = [
  'nume',
  'adresa',
  'telefon',
  'email',
  'cui',
  'stampila',
  'regCom',
  'strada',
  'localitate',
  'judetCod',
  'codPostal',
  'iban',
  'banca',
] as const;
