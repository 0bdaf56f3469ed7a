/** Romanian texts of the history calls' own errors (the treatment rules' are HISTORY_MESSAGES in the domain). */
export const HISTORY_SERVER_MESSAGES = {
  patientNotFound: 'Pacientul nu a fost găsit.',
  entryNotFound: 'Tratamentul nu a fost găsit.',
  bridgeNotFound: 'Puntea nu a fost găsită.',
  objMissing: 'Lipsește câmpul obj cu datele tratamentului.',
  objNotJson: 'Câmpul obj nu conține date valide (JSON).',
  usedInstruments: 'Lista instrumentelor folosite nu este validă.',
  deleted: 'Lista imaginilor șterse nu este validă.',
  /** SPEC.md §5: the upload widget's alert for a wrong extension. */
  fileFormat: 'Format fisier nesuportat.',
  pictureKind: 'Numele imaginii trebuie să spună dacă este „inainte” sau „dupa”.',
  pictureTwice: 'Aceeași imagine apare de două ori.',
  pictureIndex: 'Ordinea imaginilor nu este validă.',
  pictureKeptAndDeleted: 'O imagine nu poate fi și păstrată, și ștearsă.',
  pictureFileMissing: (name: string) => `Lipsește fișierul imaginii ${name}.`,
  pictureNotListed: (name: string) => `Imaginea ${name} nu este în lista de imagini a tratamentului.`,
  pictureNameTaken: (name: string) => `Numele de imagine ${name} este deja folosit.`,
  pictureNamesTaken: 'Numele unei imagini a fost folosit între timp. Adăugați imaginea din nou.',
  tooManyPictures: (most: number) => `Un tratament poate avea cel mult ${most} imagini.`,
} as const;
