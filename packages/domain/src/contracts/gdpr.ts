import { z } from 'zod';

/**
 * The GDPR right of access (issue 16; docs/decisions/0031): everything the clinic holds about one patient,
 * as a ZIP with a machine-readable JSON, a readable PDF and the stored files.
 */

export const GDPR_FILES = {
  json: 'date-pacient.json',
  pdf: 'fisa-pacient.pdf',
  readme: 'CITESTE-MA.txt',
} as const;

/** The ZIP's folder for each kind of stored file. */
export const GDPR_FOLDERS = {
  document: 'documente',
  picture: 'imagini-tratamente',
  signature: 'semnaturi',
  avatar: 'fotografie',
  other: 'alte-fisiere',
} as const;

export const GDPR_MESSAGES = {
  patientNotFound: 'Pacientul nu a fost găsit.',
  failed: 'Exportul nu a putut fi descărcat. Încercați din nou.',
} as const;

/** 'Radiografie panoramică' → 'radiografie-panoramica': ASCII for a name in the ZIP, which any unzip reads. */
export function gdprSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** 'date-pacient-12-popescu-ana.zip': the ASCII file name of a patient's export. */
export function gdprZipName(patient: { fileNumber: number; nume: string; prenume: string }): string {
  const slug = gdprSlug(`${patient.nume} ${patient.prenume}`);
  return `date-pacient-${patient.fileNumber}${slug ? `-${slug}` : ''}.zip`;
}

/** The text of CITESTE-MA.txt: what each part of the ZIP is, in Romanian. */
export function gdprReadme(patientLabel: string, generatedAt: string): string {
  return [
    `Datele pacientului ${patientLabel}`,
    `Export generat la ${generatedAt} (dreptul de acces, art. 15 din Regulamentul (UE) 2016/679 - GDPR).`,
    '',
    'Conținutul arhivei:',
    `- ${GDPR_FILES.pdf}: fișa pacientului în format citibil (identitate, antecedente, tratamente cu fotografiile lor, schița dentară, programări, documente, semnături cu imaginile lor, scrisori medicale, planuri de tratament, plăți și facturi, jurnalul accesărilor).`,
    `- ${GDPR_FILES.json}: aceleași date în format JSON, pentru a fi preluate de un alt program.`,
    `- ${GDPR_FOLDERS.document}/: fișierele documentelor (consimțăminte, radiografii, documente importate).`,
    `- ${GDPR_FOLDERS.picture}/: fotografiile înainte și după tratamente.`,
    `- ${GDPR_FOLDERS.signature}/: imaginile semnăturilor electronice; amprenta SHA-256 a conținutului semnat este în fișa PDF și în JSON.`,
    `- ${GDPR_FOLDERS.avatar}/: fotografia pacientului, dacă există.`,
    `- ${GDPR_FOLDERS.other}/: alte fișiere păstrate pentru pacient.`,
    '',
    `Fiecare fișier este listat în ${GDPR_FILES.json} (secțiunea "fisiere") cu amprenta lui SHA-256, ca integritatea lui să poată fi verificată.`,
    '',
  ].join('\r\n');
}

/** A stored file as the export lists it: where it is in the ZIP (null when its bytes are missing). */
export const gdprFile = z.object({
  cale: z.string().nullable(),
  nume: z.string(),
  tip: z.string(),
  contentType: z.string(),
  marime: z.number(),
  sha256: z.string(),
  creatLa: z.string(),
});
export type GdprFile = z.infer<typeof gdprFile>;

const gdprPicture = z.object({
  id: z.string(),
  nume: z.string(),
  tip: z.string(),
  latime: z.number(),
  inaltime: z.number(),
  pozitie: z.number(),
  stearsLa: z.string().nullable(),
  fisier: gdprFile.nullable(),
});

const gdprTreatment = z.object({
  id: z.number(),
  tip: z.string(),
  denumire: z.string(),
  mapId: z.number().nullable(),
  dinte: z.string().nullable(),
  dinteStart: z.string().nullable(),
  dinteDestinatie: z.string().nullable(),
  detalii: z.string(),
  medic: z.string(),
  data: z.string(),
  modificatLa: z.string().nullable(),
  instrumente: z.unknown(),
  semnatura: z.unknown(),
  stersLa: z.string().nullable(),
  anulare: z.object({ la: z.string(), motiv: z.string() }).nullable(),
  imagini: z.array(gdprPicture),
});

const gdprAppointment = z.object({
  id: z.string(),
  inceput: z.string(),
  sfarsit: z.string(),
  medic: z.string(),
  nota: z.string(),
  trimiteSms: z.boolean(),
  creatLa: z.string(),
  stearsaLa: z.string().nullable(),
});

const gdprDocument = z.object({
  id: z.string(),
  tip: z.string(),
  eticheta: z.string(),
  zi: z.string(),
  text: z.string().nullable(),
  creatLa: z.string(),
  stersLa: z.string().nullable(),
  fisier: gdprFile.nullable(),
});

const gdprSignature = z.object({
  id: z.string(),
  tip: z.string(),
  tratamentId: z.number().nullable(),
  semnatLa: z.string(),
  colectataDe: z.string(),
  prin: z.string(),
  sha256: z.string(),
  continutSemnat: z.unknown(),
  fisier: gdprFile.nullable(),
});

const gdprLetter = z.object({
  id: z.string(),
  text: z.string(),
  autor: z.string(),
  titluAutor: z.string(),
  creatLa: z.string(),
});

const gdprPlan = z.object({
  id: z.string(),
  numar: z.number(),
  titlu: z.string(),
  medic: z.string(),
  stare: z.string(),
  valabilPana: z.string(),
  note: z.string(),
  motivRespingere: z.string().nullable(),
  continut: z.unknown(),
  revizii: z.array(z.object({ revizie: z.number(), continut: z.unknown(), creatLa: z.string() })),
  creatLa: z.string(),
});

const gdprCharge = z.object({
  id: z.string(),
  zi: z.string(),
  descriere: z.string(),
  dinti: z.unknown(),
  cantitate: z.number(),
  sumaBani: z.number(),
  suma: z.string(),
  anuleaza: z.string().nullable(),
  motiv: z.string().nullable(),
});

const gdprPayment = z.object({
  id: z.string(),
  zi: z.string(),
  metoda: z.string(),
  avans: z.boolean(),
  sumaBani: z.number(),
  suma: z.string(),
  chitanta: z.string().nullable(),
  nota: z.string(),
  anuleaza: z.string().nullable(),
  motiv: z.string().nullable(),
});

const gdprAllocation = z.object({
  plataId: z.string(),
  costId: z.string(),
  sumaBani: z.number(),
});

const gdprInvoice = z.object({
  id: z.string(),
  tip: z.string(),
  numar: z.string(),
  dataEmiterii: z.string(),
  cumparator: z.string(),
  totalBani: z.number(),
  total: z.string(),
  storneaza: z.string().nullable(),
  motiv: z.string().nullable(),
  linii: z.array(
    z.object({
      denumire: z.string(),
      cantitate: z.number(),
      pretUnitarBani: z.number(),
      totalBani: z.number(),
    }),
  ),
});

const gdprAuditRow = z.object({
  la: z.string(),
  utilizator: z.string(),
  actiune: z.string(),
  descriere: z.string(),
  detalii: z.string(),
});

/** date-pacient.json: the whole export, machine-readable. */
export const gdprExport = z.object({
  format: z.literal('odonto-gdpr-export'),
  versiune: z.literal(1),
  generatLa: z.string(),
  generatDe: z.string(),
  pacient: z.object({
    _id: z.string(),
    fisaNr: z.number(),
    nume: z.string(),
    prenume: z.string(),
    email: z.string(),
    telefon: z.string(),
    dataNasterii: z.string().nullable(),
    judet: z.string(),
    oras: z.string(),
    tara: z.string(),
    medic: z.string(),
    igienizare: z.boolean(),
    blocat: z.boolean(),
    antecedente: z.unknown(),
    antecedenteDetalii: z.string(),
    creatLa: z.string(),
    modificatLa: z.string(),
    fotografie: gdprFile.nullable(),
  }),
  schita: z.object({
    dintiStersi: z.array(z.string()),
    dinti: z.array(z.object({ dinte: z.string(), tratamente: z.array(z.string()) })),
  }),
  tratamente: z.array(gdprTreatment),
  programari: z.array(gdprAppointment),
  documente: z.array(gdprDocument),
  semnaturi: z.array(gdprSignature),
  scrisori: z.array(gdprLetter),
  planuri: z.array(gdprPlan),
  financiar: z.object({
    costuri: z.array(gdprCharge),
    plati: z.array(gdprPayment),
    alocari: z.array(gdprAllocation),
    facturi: z.array(gdprInvoice),
  }),
  jurnal: z.array(gdprAuditRow),
  fisiere: z.array(gdprFile),
});
export type GdprExport = z.infer<typeof gdprExport>;
