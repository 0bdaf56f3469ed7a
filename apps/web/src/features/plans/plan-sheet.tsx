import type { ClinicSettings } from '@odonto/domain/contracts/clinic';
import type { Patient } from '@odonto/domain/contracts/patients';
import type { Plan } from '@odonto/domain/contracts/plans';
import type { VatSettings } from '@odonto/domain/contracts/price-list';
import { formatLei, formatPercent } from '@odonto/domain/money';
import { alternativeName, teethLabel } from '@odonto/domain/plans';
import { PrintedDocument } from '../print/letterhead';
import { formatPrintTime } from '../print/print-format';
import { signatureImagePath } from '../signatures/api';
import { discountLabel } from './alternative-table';
import { formatDay } from './plan-values';
import classes from './plan-sheet.module.css';

export const PLAN_SHEET_TITLE = 'Plan de tratament și deviz estimativ';

type SavedAlternative = Plan['alternatives'][number];

/** The VAT sentence: the exemption text when an item is exempt, the rates included when some are taxed. */
export function vatMention(plan: Plan, vat: VatSettings): string[] {
  const items = plan.alternatives.flatMap((alternative) =>
    alternative.phases.flatMap((phase) => phase.items),
  );
  const rates = [...new Set(items.flatMap((item) => (item.vatRateBp === null ? [] : [item.vatRateBp])))].sort(
    (a, b) => a - b,
  );
  const lines: string[] = [];
  if (items.some((item) => item.vatRateBp === null)) lines.push(vat.exemptionText);
  if (rates.length > 0) lines.push(`Prețurile includ TVA ${rates.map(formatPercent).join(', ')}.`);
  return lines;
}

/** 'Semnătura se referă la versiunea N a planului.' once the plan changed after it was signed. */
export function signedVersionSentence(plan: Plan): string | null {
  const acceptance = plan.acceptance;
  if (!acceptance || (acceptance.matches && acceptance.revision === plan.revision)) return null;
  return `Semnătura se referă la versiunea ${acceptance.revision} a planului.`;
}

function AlternativeSection({ alternative }: { alternative: SavedAlternative }) {
  const { totals } = alternative;
  // The discount column only when a line has one: two alternatives side by side need the width.
  const hasLineDiscount = totals.lineDiscountBani > 0;
  return (
    <section className={classes.alternative} aria-label={alternativeName(alternative.label)}>
      <h2 className={classes.alternativeTitle}>
        {alternativeName(alternative.label)}
        {alternative.title ? ` — ${alternative.title}` : ''}
      </h2>
      {alternative.phases.map((phase, phaseIndex) => (
        <div key={phase.id}>
          <h3 className={classes.phaseTitle}>{phase.title || `Etapa ${phaseIndex + 1}`}</h3>
          <table className={classes.table}>
            <thead>
              <tr>
                <th>Dinți</th>
                <th>Lucrare</th>
                <th className={classes.number}>Cant.</th>
                <th className={classes.number}>Preț unitar</th>
                {hasLineDiscount ? <th className={classes.number}>Reducere</th> : null}
                <th className={classes.number}>Valoare</th>
              </tr>
            </thead>
            <tbody>
              {phase.items.map((item, itemIndex) => {
                const line = totals.phases[phaseIndex]?.items[itemIndex];
                return (
                  <tr key={item.id}>
                    <td>{teethLabel(item.teeth, item.span)}</td>
                    <td>{item.name}</td>
                    <td className={classes.number}>{item.quantity}</td>
                    <td className={classes.number}>{formatLei(item.unitPriceBani)}</td>
                    {hasLineDiscount ? (
                      <td className={classes.number}>
                        {line && line.discountBani > 0 ? `−${formatLei(line.discountBani)}` : ''}
                      </td>
                    ) : null}
                    <td className={classes.number}>{line ? formatLei(line.netBani) : ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className={classes.totals}>Total etapă: {formatLei(totals.phases[phaseIndex]?.netBani ?? 0)}</p>
        </div>
      ))}
      {totals.discountBani > 0 ? (
        <>
          <p className={classes.totals}>Subtotal: {formatLei(totals.subtotalBani)}</p>
          <p className={classes.totals}>
            Reducere ({discountLabel(alternative.discount)}): −{formatLei(totals.discountBani)}
          </p>
        </>
      ) : null}
      <p className={`${classes.totals} ${classes.total}`}>
        Total {alternativeName(alternative.label)}: {formatLei(totals.totalBani)}
      </p>
      {alternative.notes ? <p className={classes.note}>{alternative.notes}</p> : null}
    </section>
  );
}

function SignatureBlock({ plan }: { plan: Plan }) {
  const acceptance = plan.acceptance;
  const sentence = signedVersionSentence(plan);
  if (acceptance) {
    return (
      <section className={classes.signature} aria-label="Acceptul pacientului">
        <div>
          <p>
            Pacientul a acceptat <b>{alternativeName(acceptance.alternative)}</b>.
          </p>
          <img
            className={classes.signatureImage}
            src={signatureImagePath(plan.patientId, acceptance.image)}
            alt="Semnătura pacientului"
          />
          <p className={classes.note}>
            Semnat la {formatPrintTime(acceptance.signedAt)}; semnătură colectată de {acceptance.signedBy}.
          </p>
          {sentence ? <p className={`${classes.note} ${classes.warning}`}>{sentence}</p> : null}
        </div>
        <div>
          <p className={classes.line}>Medic: {plan.doctorName} — semnătura și parafa</p>
        </div>
      </section>
    );
  }
  return (
    <section className={classes.signature} aria-label="Semnături">
      <div>
        <p className={classes.line}>Varianta acceptată de pacient</p>
        <p className={classes.line}>Semnătura pacientului</p>
        <p className={classes.line}>Data</p>
      </div>
      <div>
        <p className={classes.line}>Medic: {plan.doctorName} — semnătura și parafa</p>
      </div>
    </section>
  );
}

export interface PlanSheetProps {
  plan: Plan;
  patient: Patient;
  clinic: ClinicSettings;
  vat: VatSettings;
  /** When the print was recorded (printed at the foot of every page). */
  printedAt: string;
}

/** The printed plan (A4): letterhead, patient and plan facts, the alternatives, VAT mention, signatures. */
export function PlanSheet({ plan, patient, clinic, vat, printedAt }: PlanSheetProps) {
  const name = `${patient.nume} ${patient.prenume}`;
  const count = plan.alternatives.length;
  // Two alternatives side by side; three, one per page; a single one takes the whole width.
  const layout = count > 2 ? classes.pages : count === 2 ? classes.columns : undefined;
  return (
    <PrintedDocument clinic={clinic} printedAt={printedAt} label={`${PLAN_SHEET_TITLE} nr. ${plan.number}`}>
      <h1 style={{ fontSize: '14pt', textAlign: 'center', margin: '6px 0 10px' }}>{PLAN_SHEET_TITLE}</h1>
      <dl className={classes.facts}>
        <dt>Pacient</dt>
        <dd>{name}</dd>
        <dt>Plan nr.</dt>
        <dd>
          {plan.number} (versiunea {plan.revision})
        </dd>
        <dt>Data</dt>
        <dd>{formatDay(plan.priceDay)}</dd>
        <dt>Medic</dt>
        <dd>{plan.doctorName}</dd>
        <dt>Titlu</dt>
        <dd>{plan.title}</dd>
        <dt>Valabil până la</dt>
        <dd>{formatDay(plan.validUntil)}</dd>
      </dl>
      {plan.notes ? <p className={classes.note}>{plan.notes}</p> : null}
      <div className={layout}>
        {plan.alternatives.map((alternative) => (
          <AlternativeSection key={alternative.label} alternative={alternative} />
        ))}
      </div>
      {vatMention(plan, vat).map((line) => (
        <p key={line} className={classes.note}>
          {line}
        </p>
      ))}
      <p className={classes.note}>
        Deviz estimativ, valabil până la {formatDay(plan.validUntil)}. Prețurile pot varia în funcție de
        situația clinică constatată în timpul tratamentului.
      </p>
      <SignatureBlock plan={plan} />
    </PrintedDocument>
  );
}
