/** Romanian texts of the patient calls' own errors (the common ones are in @odonto/domain/messages). */
export const PATIENT_MESSAGES = {
  notFound: 'Pacientul nu a fost găsit.',
  notDeleted: 'Pacientul nu este șters.',
  dateRange: 'Data de început este după data de sfârșit.',
} as const;
