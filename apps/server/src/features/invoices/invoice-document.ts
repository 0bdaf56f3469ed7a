/**
 * Builds the e-Factura document of an invoice from the clinic's details, the buyer the issuer typed and the
 * patient's charges (decision 0024), and turns a stored document back into what the screens show.
 */
import type { LocationSellerData } from '@odonto/domain/contracts/clinic';
import { INVOICE_MESSAGES, type invoiceBuyerInput } from '@odonto/domain/contracts/invoices';
import { normalizeCui } from '@odonto/domain/cui';
import type { EInvoiceAddress, EInvoiceBuyer, EInvoiceLine, EInvoiceSeller } from '@odonto/domain/efactura';
import { eInvoiceDocument } from '@odonto/domain/efactura-document';
import { countyByAuto } from '@odonto/domain/places';
import type { z } from 'zod';
import { AppError } from '../../plugins/errors';
import type { ChargeForInvoice } from '../ledger/invoiceable-charges.queries';

const LINE_NAME_MAX = 100;

/**
 * The seller from the clinic settings, or a location's own seller data (decision 0050); 400 until the admin
 * filled in what e-Factura needs.
 */
export function sellerOf(clinic: LocationSellerData): EInvoiceSeller {
  if (clinic.cui === '' || clinic.strada === '' || clinic.localitate === '' || clinic.judetCod === '') {
    throw new AppError(400, 'invalid_input', INVOICE_MESSAGES.sellerIncomplete);
  }
  const digits = normalizeCui(clinic.cui).replace(/^RO/, '');
  return {
    name: clinic.nume,
    cui: clinic.platitorTva ? `RO${digits}` : digits,
    regCom: clinic.regCom,
    address: {
      street: clinic.strada,
      city: clinic.localitate,
      countyCode: clinic.judetCod,
      ...(clinic.codPostal ? { postalCode: clinic.codPostal } : {}),
      country: 'RO',
    },
    ...(clinic.iban ? { iban: clinic.iban } : {}),
    ...(clinic.banca ? { bank: clinic.banca } : {}),
    ...(clinic.email ? { email: clinic.email } : {}),
    ...(clinic.telefon ? { phone: clinic.telefon } : {}),
    vatPayer: clinic.platitorTva,
  };
}

type BuyerInput = z.output<typeof invoiceBuyerInput>;

export function buyerOf(input: BuyerInput): EInvoiceBuyer {
  const address: EInvoiceAddress = {
    street: input.address.street,
    city: input.address.city,
    countyCode: input.address.countyCode,
    ...(input.address.postalCode ? { postalCode: input.address.postalCode } : {}),
    country: 'RO',
  };
  if (input.kind === 'person') {
    return { kind: 'person', name: input.name, cnp: input.cnp ? input.cnp : null, address };
  }
  return {
    kind: 'company',
    name: input.name,
    cui: normalizeCui(input.cui),
    ...(input.regCom ? { regCom: input.regCom } : {}),
    address,
  };
}

/** 'Coroană metalo-ceramică (1.6, 1.7)', cut to CIUS-RO's 100 characters. */
export function lineName(charge: Pick<ChargeForInvoice, 'description' | 'teeth'>): string {
  const teeth = charge.teeth.length > 0 ? ` (${charge.teeth.join(', ')})` : '';
  const name = `${charge.description}${teeth}`;
  return name.length <= LINE_NAME_MAX ? name : `${name.slice(0, LINE_NAME_MAX - 1)}…`;
}

/**
 * A charge as an invoice line. The unit price is the charge over its quantity; when that is not a whole
 * number of bani it is rounded up and the few bani above the charge are a line discount, so the line total
 * is exactly what was charged.
 */
export function lineOf(charge: ChargeForInvoice, vatPayer: boolean): EInvoiceLine {
  return {
    name: lineName(charge),
    quantity: charge.quantity,
    unitPriceBani: Math.ceil(charge.amountBani / charge.quantity),
    vatRateBp: vatPayer ? charge.vatRateBp : null,
    totalBani: charge.amountBani,
  };
}

/** Parses the document with the e-Factura rules: 400 with the first Romanian message otherwise. */
export function validDocument(doc: unknown): z.output<typeof eInvoiceDocument> {
  const parsed = eInvoiceDocument.safeParse(doc);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
  const first = parsed.error.issues[0]?.message ?? INVOICE_MESSAGES.sellerIncomplete;
  throw new AppError(400, 'invalid_input', first, { fields });
}

/** One line of an address as printed: 'Str. Lungă 5, Cluj-Napoca, jud. Cluj, 400001'. */
export function formatAddress(address: EInvoiceAddress): string {
  const county = countyByAuto(address.countyCode);
  const countyText = county
    ? county.auto === 'B'
      ? 'București'
      : `jud. ${county.nume}`
    : address.countyCode;
  return [address.street, address.city, countyText, address.postalCode ?? '']
    .filter((part) => part)
    .join(', ');
}
