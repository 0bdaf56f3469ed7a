import { computeInvoiceTotals, type EInvoiceDocument } from '@odonto/domain/efactura';
import { eInvoiceDocument } from '@odonto/domain/efactura-document';
import { formatDecimalAmount } from '@odonto/domain/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { EFACTURA_DOCUMENTS } from '../../../test/efactura-documents';
import { validateUbl, type ValidationReport } from '../../../test/efactura-validate';
import { buildUblInvoice, CIUS_RO_CUSTOMIZATION_ID } from './ubl-invoice';

const built = Object.fromEntries(
  Object.entries(EFACTURA_DOCUMENTS).map(([name, doc]) => [name, buildUblInvoice(doc).xml]),
);
// A copy of a good invoice with a wrong specification id and a wrong payable amount: proof that the harness
// really runs the rules. It rides in the same batch, so the suite still starts only two JVMs.
const BROKEN = 'harness-check-broken';
const broken = (built['person-with-cnp-exempt'] ?? '')
  .replace(CIUS_RO_CUSTOMIZATION_ID, 'urn:cen.eu:en16931:2017')
  .replace(/<cbc:PayableAmount currencyID="RON">[^<]*</, '<cbc:PayableAmount currencyID="RON">1.00<');
// What eInvoiceDocument refuses, the official rules refuse too: a 101-character item name and a București
// address without its sector, written without the schema's check.
const BEYOND_LIMITS = 'harness-check-beyond-limits';
const beyondLimits = (() => {
  const doc = structuredClone(EFACTURA_DOCUMENTS['person-bucharest-sector']) as EInvoiceDocument;
  doc.lines = doc.lines.map((item) => ({ ...item, name: 'x'.repeat(101) }));
  return buildUblInvoice(doc).xml.replace(
    '<cbc:CityName>SECTOR3</cbc:CityName>',
    '<cbc:CityName>București</cbc:CityName>',
  );
})();
// One batch for the whole file. Each test awaits it, so a missing Saxon or artefact fails every validation
// test with the reason instead of skipping them.
let validation: Promise<Record<string, ValidationReport>>;
const VALIDATION_TIMEOUT = 120_000;

beforeAll(() => {
  validation = validateUbl({ ...built, [BROKEN]: broken, [BEYOND_LIMITS]: beyondLimits });
  validation.catch(() => undefined);
});

async function failures(name: string, flag: 'fatal' | 'warnings', withText = true): Promise<string[]> {
  const report = (await validation)[name];
  if (!report) throw new Error(`no report for ${name}`);
  return report[flag].map(
    (failure) => `${failure.ruleSet} ${failure.id}${withText ? `: ${failure.text}` : ''}`,
  );
}

const cases = Object.entries(EFACTURA_DOCUMENTS);

function values(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`, 'g'))].map(
    (m) => m[1] ?? '',
  );
}

describe('UBL of CIUS-RO: the official EN 16931 and ANAF rules', () => {
  it.each(cases)(
    '%s has no fatal failure and no warning in either rule set',
    async (name) => {
      expect(await failures(name, 'fatal')).toEqual([]);
      // Warnings too: none today, and ANAF has turned warnings into errors before.
      expect(await failures(name, 'warnings')).toEqual([]);
    },
    VALIDATION_TIMEOUT,
  );

  it(
    'the harness reports a broken invoice as fatal (it really runs the rules)',
    async () => {
      const ids = await failures(BROKEN, 'fatal', false);
      expect(ids).toContain('CIUS-RO BR-RO-001');
      expect(ids).toContain('EN16931 BR-CO-16');
    },
    VALIDATION_TIMEOUT,
  );

  it(
    'the limits eInvoiceDocument enforces are the official ones',
    async () => {
      expect(await failures(BEYOND_LIMITS, 'fatal', false)).toEqual([
        'CIUS-RO BR-RO-101',
        'CIUS-RO BR-RO-L1024',
      ]);
    },
    VALIDATION_TIMEOUT,
  );
});

describe('the test documents are ones the product lets through', () => {
  it.each(cases)('%s passes eInvoiceDocument', (_name, doc) => {
    expect(eInvoiceDocument.safeParse(doc).error?.issues ?? []).toEqual([]);
  });
});

describe('UBL amounts are computeInvoiceTotals', () => {
  it.each(cases)('%s', (name, doc) => {
    const xml = built[name] ?? '';
    const totals = computeInvoiceTotals(doc);
    expect(values(xml, 'cbc:LineExtensionAmount')).toEqual([
      formatDecimalAmount(totals.lineNetSumBani),
      ...totals.lines.map((line) => formatDecimalAmount(line.netBani)),
    ]);
    expect(values(xml, 'cbc:TaxExclusiveAmount')).toEqual([formatDecimalAmount(totals.taxExclusiveBani)]);
    expect(values(xml, 'cbc:TaxInclusiveAmount')).toEqual([formatDecimalAmount(totals.taxInclusiveBani)]);
    expect(values(xml, 'cbc:PayableAmount')).toEqual([formatDecimalAmount(totals.payableBani)]);
    expect(values(xml, 'cbc:TaxableAmount')).toEqual(
      totals.breakdown.map((part) => formatDecimalAmount(part.taxableBani)),
    );
    expect(values(xml, 'cbc:TaxAmount')).toEqual([
      formatDecimalAmount(totals.vatBani),
      ...totals.breakdown.map((part) => formatDecimalAmount(part.vatBani)),
    ]);
    // What the patient was charged is what the invoice asks for.
    const gross = doc.lines.reduce((sum, line) => sum + line.totalBani, 0);
    expect(totals.taxInclusiveBani).toBe(gross);
  });
});

describe('UBL content', () => {
  it('a person without a CNP is identified by thirteen zeros; one with a CNP by it', () => {
    expect(built['person-without-cnp']).toContain('<cbc:CompanyID>0000000000000</cbc:CompanyID>');
    expect(built['person-with-cnp-exempt']).toContain('<cbc:CompanyID>2900101120015</cbc:CompanyID>');
  });

  it('a București address names its sector in the SECTOR-RO code list', () => {
    expect(built['person-bucharest-sector']).toMatch(
      /<cbc:CityName>SECTOR3<\/cbc:CityName>\s*<cbc:CountrySubentity>RO-B</,
    );
    expect(built['person-with-cnp-exempt']).toMatch(/<cbc:CityName>Cluj-Napoca<\/cbc:CityName>[\s\S]*RO-CJ/);
  });

  it('a seller not registered for VAT sends category O and no VAT identifier at all', () => {
    const xml = built['non-vat-seller'] ?? '';
    expect(xml).not.toContain('<cac:PartyTaxScheme>');
    expect(values(xml, 'cbc:ID').filter((id) => id.length === 1)).not.toContain('S');
    expect(xml).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>');
  });

  it('a credit note is a CreditNote of type 381 that references the invoice it reverses', () => {
    const xml = built['credit-note'] ?? '';
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(xml).toMatch(
      /<cac:InvoiceDocumentReference>\s*<cbc:ID>ODT 6<\/cbc:ID>\s*<cbc:IssueDate>2026-11-20</,
    );
    expect(xml).toContain('<cbc:CreditedQuantity unitCode="C62">1</cbc:CreditedQuantity>');
  });

  it('a discounted line states its net discount and its price before the discount', () => {
    const xml = built['line-with-discount'] ?? '';
    expect(values(xml, 'cbc:AllowanceChargeReason')).toEqual(['Reducere', 'Reducere']);
    expect(values(xml, 'cbc:Amount')).toEqual(['500.00', '24.82']);
  });
});
