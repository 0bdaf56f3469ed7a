import {
  auditActionLabel,
  auditDetailsText,
  auditPatientLabel,
  type AuditRow,
} from '@odonto/domain/contracts/audit';
import type { AuditListRow } from './audit.queries';

/** The details column as an object; a value that is not one (hand-written rows) is kept under `value`. */
function parseDetails(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { value: text };
  }
  if (value === null) return null;
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

export function toAuditRow(row: AuditListRow): AuditRow {
  const details = parseDetails(row.details);
  return {
    id: Number(row.id),
    at: row.at,
    userId: row.user_id,
    userEmail: row.user_email,
    userName: row.user_name,
    ip: row.ip,
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    entity: row.entity,
    entityId: row.entity_id,
    patientId: row.patient_id,
    patientName:
      row.patient_file_number === null
        ? null
        : auditPatientLabel({
            nume: row.patient_nume ?? '',
            prenume: row.patient_prenume ?? '',
            fileNumber: Number(row.patient_file_number),
          }),
    details,
    detailsText: auditDetailsText(details),
  };
}
