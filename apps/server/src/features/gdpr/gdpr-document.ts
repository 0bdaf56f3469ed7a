import { auditActionLabel, auditDetailsText } from '@odonto/domain/contracts/audit';
import { GDPR_FOLDERS, gdprSlug, type GdprExport, type GdprFile } from '@odonto/domain/contracts/gdpr';
import { formatLei } from '@odonto/domain/money';
import type { FileRow } from '../../db/database';
import { parseStringArray } from '../../db/json';
import type { PatientDataRows } from './gdpr.queries';

/** A stored file of the export and its place in the ZIP. */
export interface ExportedFile {
  row: FileRow;
  path: string;
}

/**
 * Where each stored file of the patient goes in the ZIP, by what refers to it (a document, a treatment
 * picture, a signature, the avatar). Thumbnails are left out: they are smaller copies of files that are in.
 */
export function exportedFiles(rows: PatientDataRows): ExportedFile[] {
  const nameOf = new Map<string, string>();
  const thumbs = new Set<string>();
  for (const document of rows.documents) {
    // A document's stored name is an id: the ZIP names it by its day and label instead.
    const base = [document.day, gdprSlug(document.label)].filter(Boolean).join('-');
    const extension = document.extension ? `.${document.extension}` : '';
    if (document.file_id) nameOf.set(document.file_id, `${GDPR_FOLDERS.document}/${base}${extension}`);
    if (document.thumb_file_id) thumbs.add(document.thumb_file_id);
  }
  for (const picture of rows.pictures) {
    nameOf.set(picture.file_id, `${GDPR_FOLDERS.picture}/${picture.name}`);
    thumbs.add(picture.thumb_file_id);
  }
  for (const signature of rows.signatures) {
    nameOf.set(signature.file_id, `${GDPR_FOLDERS.signature}/${signature.image_name}`);
  }
  const taken = new Set<string>();
  return rows.files
    .filter((file) => !thumbs.has(file.id) && !file.kind.endsWith('-thumb'))
    .map((row) => {
      const folder = row.kind === 'avatar' ? GDPR_FOLDERS.avatar : GDPR_FOLDERS.other;
      const path = uniquePath(nameOf.get(row.id) ?? `${folder}/${row.name}`, taken);
      taken.add(path);
      return { row, path };
    });
}

/** 'documente/2026-03-02-consimtamant-2.pdf' when the first name is taken. */
function uniquePath(path: string, taken: ReadonlySet<string>): string {
  if (!taken.has(path)) return path;
  const dot = path.lastIndexOf('.');
  const slash = path.lastIndexOf('/');
  const [stem, extension] = dot > slash ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
  for (let index = 2; ; index += 1) {
    const candidate = `${stem}-${index}${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function parseDetails(text: string | null): Record<string, unknown> | null {
  const value = parseJson(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * date-pacient.json from the rows. `present` holds the ids of the files whose bytes are in the ZIP; a file
 * missing on disk is still listed, with `cale: null`.
 */
export function toGdprExport(
  rows: PatientDataRows,
  files: readonly ExportedFile[],
  present: ReadonlySet<string>,
  generatedAt: Date,
  generatedBy: string,
): GdprExport {
  const listed = new Map<string, GdprFile>();
  for (const { row, path } of files) {
    listed.set(row.id, {
      cale: present.has(row.id) ? path : null,
      nume: row.name,
      tip: row.kind,
      contentType: row.content_type,
      marime: row.size,
      sha256: row.sha256,
      creatLa: row.created_at,
    });
  }
  const fileOf = (id: string | null): GdprFile | null => (id === null ? null : (listed.get(id) ?? null));
  const { patient } = rows;
  const avatar = files.find((file) => file.row.kind === 'avatar' && file.row.name === patient.avatar);
  const live = rows.entries.filter((entry) => entry.deleted_at === null);
  const byTooth = new Map<string, string[]>();
  for (const entry of live) {
    if (!entry.dinte) continue;
    byTooth.set(entry.dinte, [...(byTooth.get(entry.dinte) ?? []), entry.denumire]);
  }

  return {
    format: 'odonto-gdpr-export',
    versiune: 1,
    generatLa: generatedAt.toISOString(),
    generatDe: generatedBy,
    pacient: {
      _id: patient.id,
      fisaNr: patient.file_number,
      nume: patient.nume,
      prenume: patient.prenume,
      email: patient.email,
      telefon: patient.telefon,
      dataNasterii: patient.birthdate,
      judet: patient.judet,
      oras: patient.oras,
      tara: patient.tara,
      medic: patient.medic,
      igienizare: patient.igienizare === 1,
      blocat: patient.blocked === 1,
      antecedente: parseJson(patient.antecedente),
      antecedenteDetalii: patient.antecedente_detalii,
      creatLa: patient.created_at,
      modificatLa: patient.updated_at,
      fotografie: avatar ? fileOf(avatar.row.id) : null,
    },
    schita: {
      dintiStersi: parseStringArray(patient.dinti_stersi),
      dinti: [...byTooth].map(([dinte, tratamente]) => ({ dinte, tratamente })),
    },
    tratamente: rows.entries.map((entry) => ({
      id: entry.id,
      tip: entry.type,
      denumire: entry.denumire,
      mapId: entry.map_id,
      dinte: entry.dinte,
      dinteStart: entry.dinte_start,
      dinteDestinatie: entry.dinte_destinatie,
      detalii: entry.detalii,
      medic: entry.medic,
      data: entry.created_at,
      modificatLa: entry.updated_at,
      instrumente: parseJson(entry.sterilizari),
      semnatura: parseJson(entry.signature),
      stersLa: entry.deleted_at,
      anulare:
        entry.cancel_reason === null ? null : { la: entry.deleted_at ?? '', motiv: entry.cancel_reason },
      imagini: rows.pictures
        .filter((picture) => picture.entry_id === entry.id)
        .map((picture) => ({
          id: picture.id,
          nume: picture.name,
          tip: picture.kind,
          latime: picture.width,
          inaltime: picture.height,
          pozitie: picture.position,
          stearsLa: picture.deleted_at,
          fisier: fileOf(picture.file_id),
        })),
    })),
    programari: rows.appointments.map((appointment) => ({
      id: appointment.id,
      inceput: appointment.starts_at,
      sfarsit: appointment.ends_at,
      medic: appointment.doctor_name ?? '',
      nota: appointment.note,
      trimiteSms: appointment.trimite_sms === 1,
      creatLa: appointment.created_at,
      stearsaLa: appointment.deleted_at,
    })),
    documente: rows.documents.map((document) => ({
      id: document.id,
      tip: document.kind,
      eticheta: document.label,
      zi: document.day,
      text: document.text,
      creatLa: document.created_at,
      stersLa: document.deleted_at,
      fisier: fileOf(document.file_id),
    })),
    semnaturi: rows.signatures.map((signature) => ({
      id: signature.id,
      tip: signature.kind,
      tratamentId: signature.entry_id,
      semnatLa: signature.signed_at,
      colectataDe: signature.signed_by_name,
      prin: signature.via,
      sha256: signature.sha256,
      continutSemnat: parseJson(signature.snapshot),
      fisier: fileOf(signature.file_id),
    })),
    scrisori: rows.letters.map((letter) => ({
      id: letter.id,
      text: letter.text,
      autor: letter.author_name,
      titluAutor: letter.author_title,
      creatLa: letter.created_at,
    })),
    planuri: rows.plans.map((plan) => ({
      id: plan.id,
      numar: plan.number,
      titlu: plan.title,
      medic: plan.doctor_name,
      stare: plan.status,
      valabilPana: plan.valid_until,
      note: plan.notes,
      motivRespingere: plan.rejected_reason,
      continut: parseJson(plan.content),
      revizii: rows.revisions
        .filter((revision) => revision.plan_id === plan.id)
        .map((revision) => ({
          revizie: revision.revision,
          continut: parseJson(revision.content),
          creatLa: revision.created_at,
        })),
      creatLa: plan.created_at,
    })),
    financiar: {
      costuri: rows.charges.map((charge) => ({
        id: charge.id,
        zi: charge.day,
        descriere: charge.description,
        dinti: parseJson(charge.teeth),
        cantitate: charge.quantity,
        sumaBani: charge.amount_bani,
        suma: formatLei(charge.amount_bani),
        anuleaza: charge.reverses_id,
        motiv: charge.reason,
      })),
      plati: rows.payments.map((payment) => ({
        id: payment.id,
        zi: payment.day,
        metoda: payment.method,
        avans: payment.is_advance === 1,
        sumaBani: payment.amount_bani,
        suma: formatLei(payment.amount_bani),
        chitanta:
          payment.receipt_number === null
            ? null
            : `${payment.receipt_series ?? ''} ${payment.receipt_number}`.trim(),
        nota: payment.note,
        anuleaza: payment.reverses_id,
        motiv: payment.reason,
      })),
      alocari: rows.allocations.map((allocation) => ({
        plataId: allocation.payment_id,
        costId: allocation.charge_id,
        sumaBani: allocation.amount_bani,
      })),
      facturi: rows.invoices.map((invoice) => ({
        id: invoice.id,
        tip: invoice.kind,
        numar: `${invoice.series} ${invoice.number}`,
        dataEmiterii: invoice.issue_date,
        cumparator: invoice.buyer_name,
        totalBani: invoice.total_bani,
        total: formatLei(invoice.total_bani),
        storneaza: invoice.reverses_id,
        motiv: invoice.reason,
        linii: rows.invoiceLines
          .filter((line) => line.invoice_id === invoice.id)
          .map((line) => ({
            denumire: line.name,
            cantitate: line.quantity,
            pretUnitarBani: line.unit_price_bani,
            totalBani: line.total_bani,
          })),
      })),
    },
    jurnal: rows.audit.map((row) => ({
      la: row.at,
      utilizator: row.user_name ?? row.user_email ?? '',
      actiune: row.action,
      descriere: auditActionLabel(row.action),
      detalii: auditDetailsText(parseDetails(row.details)),
    })),
    fisiere: [...listed.values()],
  };
}
