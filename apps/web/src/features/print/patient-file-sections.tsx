import type { Appointment } from '@odonto/domain/contracts/appointments';
import type { Patient } from '@odonto/domain/contracts/patients';
import type { SignatureRecord } from '@odonto/domain/contracts/signatures';
import { ANTECEDENT_ITEMS } from '@odonto/domain/antecedents';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { SIGNATURE_MESSAGES } from '@odonto/domain/contracts/signatures';
import { SIGNED_FIELD_LABELS, type SignedEntryField } from '@odonto/domain/signatures';
import { formatBirthdate } from '@odonto/domain/contracts/letters';
import { formatLei } from '@odonto/domain/money';
import { alternativeName } from '@odonto/domain/plans';
import { formatPrintDay, formatPrintTime } from './print-format';
import classes from './print.module.css';

type Entry = Patient['history'][number];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={classes.section} aria-label={title}>
      <h2 className={classes.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

export function PatientFacts({ patient }: { patient: Patient }) {
  const born = formatBirthdate(patient.birthdate);
  const place = [patient.oras, patient.judet, patient.tara].filter((part) => part !== '').join(', ');
  const facts: [string, string][] = [
    ['Nume', `${patient.nume} ${patient.prenume}`],
    ['Fișa nr.', String(patient.id)],
    ['Data nașterii', born ? `${born}${patient.varsta === null ? '' : ` (${patient.varsta} ani)`}` : '—'],
    ['Înregistrat la', formatPrintDay(patient.createdAt)],
    ['Telefon', patient.telefon || '—'],
    ['Email', patient.email || '—'],
    ['Localitate', place || '—'],
    ['Medic', patient.medic || '—'],
  ];
  return (
    <Section title="Date pacient">
      <dl className={classes.facts}>
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

export function MedicalHistory({ patient }: { patient: Patient }) {
  const allergies = patient.antecedente['alergii'];
  const items = ANTECEDENT_ITEMS.filter(
    (item) => item.key !== 'alergii' && patient.antecedente[item.key]?.val === true,
  );
  return (
    <Section title="Alergii și antecedente">
      <p>
        <strong>Alergii: </strong>
        {allergies?.val ? allergies.text || 'da' : 'nu sunt cunoscute'}
      </p>
      <p>
        <strong>Antecedente medicale: </strong>
        {items.length === 0 ? 'nu sunt cunoscute' : null}
      </p>
      {items.length > 0 ? (
        <ul>
          {items.map((item) => {
            const note = patient.antecedente[item.key]?.text;
            return <li key={item.key}>{note ? `${item.label}: ${note}` : item.label}</li>;
          })}
        </ul>
      ) : null}
      {patient.antecedenteDetalii ? <p>{patient.antecedenteDetalii}</p> : null}
    </Section>
  );
}

function toothOf(entry: Entry): string {
  if (entry.type === 'punte' && entry.dinteStart && entry.dinteDestinatie)
    return `${entry.dinteStart}–${entry.dinteDestinatie}`;
  return entry.dinte ?? '—';
}

type CancelledEntry = Patient['anulate'][number];

export function TreatmentTable({
  history,
  cancelled = [],
}: {
  history: readonly Entry[];
  cancelled?: readonly CancelledEntry[];
}) {
  const rows: (Entry | CancelledEntry)[] = [...history, ...cancelled].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id,
  );
  return (
    <Section title="Istoric tratamente">
      {rows.length === 0 ? (
        <p>Nu există tratamente înregistrate.</p>
      ) : (
        <table className={classes.table}>
          <thead>
            <tr>
              <th>Data</th>
              <th>Dinte</th>
              <th>Tratament</th>
              <th>Medic</th>
              <th>Detalii</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) =>
              'anulat' in entry ? (
                <tr key={entry.id} data-testid="printed-cancelled">
                  <td>
                    <s>{formatTreatmentDate(entry.createdAt)}</s>
                  </td>
                  <td>
                    <s>{toothOf(entry)}</s>
                  </td>
                  <td>
                    <s>{entry.denumire}</s>
                  </td>
                  <td>
                    <s>{entry.medic}</s>
                  </td>
                  <td>
                    ANULAT la {formatTreatmentDate(entry.anulat.la)}
                    {entry.anulat.de !== '' ? ` de ${entry.anulat.de}` : ''}: {entry.anulat.motiv}
                  </td>
                </tr>
              ) : (
                <tr key={entry.id}>
                  <td>{formatTreatmentDate(entry.createdAt)}</td>
                  <td>{toothOf(entry)}</td>
                  <td>{entry.denumire}</td>
                  <td>{entry.medic}</td>
                  <td>{entry.detalii}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
    </Section>
  );
}

const time = (clock: { ora: number; minute: number }) =>
  `${String(clock.ora).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;

export function AppointmentTable({ appointments }: { appointments: readonly Appointment[] }) {
  const rows = [...appointments].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return (
    <Section title="Programări">
      {rows.length === 0 ? (
        <p>Nu există programări.</p>
      ) : (
        <table className={classes.table}>
          <thead>
            <tr>
              <th>Data</th>
              <th>Ora</th>
              <th>Medic</th>
              <th>Notă</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((appointment) => (
              <tr key={appointment._id}>
                <td>{formatPrintDay(appointment.start)}</td>
                <td>{`${time(appointment.deLa)}–${time(appointment.panaLa)}`}</td>
                <td>{appointment.medic}</td>
                <td>{appointment.nota}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function fieldLabel(field: string): string {
  return Object.hasOwn(SIGNED_FIELD_LABELS, field) ? SIGNED_FIELD_LABELS[field as SignedEntryField] : field;
}

function signedWhat(signature: SignatureRecord, history: readonly Entry[]): string {
  if (signature.snapshot.kind === 'consent') return 'Consimțământ informat';
  if (signature.snapshot.kind === 'plan') {
    return `Plan de tratament: ${signature.snapshot.title}, ${alternativeName(signature.snapshot.alternative)}`;
  }
  const fields = signature.snapshot.fields;
  const entry = history.find((item) => item.id === signature.entryId);
  return `Tratament: ${fields.denumire ?? entry?.denumire ?? ''}${fields.dinte ? `, dinte ${fields.dinte}` : ''}`;
}

function SignedSnapshot({ signature }: { signature: SignatureRecord }) {
  const { snapshot } = signature;
  if (snapshot.kind === 'consent') return <span>{snapshot.text}</span>;
  if (snapshot.kind === 'plan') {
    return (
      <span>
        Semnat pentru: {alternativeName(snapshot.alternative)}, {snapshot.items.length} lucrări, total{' '}
        {formatLei(snapshot.totalBani)}, valabil până la {formatTreatmentDate(snapshot.validUntil)} (versiunea{' '}
        {snapshot.revision} a planului)
      </span>
    );
  }
  const parts = (Object.entries(snapshot.fields) as [SignedEntryField, string | null][])
    .filter(([, value]) => value !== null && value !== '')
    .map(
      ([field, value]) =>
        `${SIGNED_FIELD_LABELS[field]}: ${field === 'createdAt' ? formatTreatmentDate(value ?? '') : value}`,
    );
  return <span>Semnat pentru: {parts.join('; ')}</span>;
}

export function SignatureTable({
  patientId,
  signatures,
  history,
}: {
  patientId: string;
  signatures: readonly SignatureRecord[];
  history: readonly Entry[];
}) {
  return (
    <Section title="Semnăturile pacientului">
      {signatures.length === 0 ? (
        <p>Pacientul nu a semnat electronic niciun document.</p>
      ) : (
        <table className={classes.table}>
          <thead>
            <tr>
              <th>Document</th>
              <th>Data</th>
              <th>Semnătura</th>
              <th>Stare</th>
            </tr>
          </thead>
          <tbody>
            {signatures.map((signature) => (
              <tr key={signature.id}>
                <td>{signedWhat(signature, history)}</td>
                <td>{formatPrintTime(signature.signedAt)}</td>
                <td>
                  <img
                    className={classes.signatureImage}
                    src={`/history-imgs/${encodeURIComponent(patientId)}/${encodeURIComponent(signature.image)}`}
                    alt={`Semnătura din ${formatPrintDay(signature.signedAt)}`}
                  />
                </td>
                <td>
                  {signature.matches ? (
                    'valabilă'
                  ) : (
                    <>
                      <span className={classes.mismatch}>{SIGNATURE_MESSAGES.noLongerMatching}</span>
                      {signature.changed.length > 0
                        ? ` (modificat: ${signature.changed.map(fieldLabel).join(', ')})`
                        : ''}
                      <br />
                      <SignedSnapshot signature={signature} />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
