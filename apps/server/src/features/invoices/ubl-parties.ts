/**
 * The parties of a CIUS-RO invoice (decision 0020): seller (BG-4) and buyer (BG-7) with their Romanian
 * addresses and identifiers.
 */
import { cuiDigits, isVatCui } from '@odonto/domain/cui';
import { ANONYMOUS_CNP } from '@odonto/domain/cnp';
import { bucharestSectorCode, type EInvoiceAddress, type EInvoiceDocument } from '@odonto/domain/efactura';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

const BUCHAREST = 'B';

/** BT-37/BT-52: a București address names its sector as SECTOR1…SECTOR6 (BR-RO-100); others their locality. */
export function ublCityName(address: EInvoiceAddress): string {
  if (address.countyCode.trim().toUpperCase() !== BUCHAREST) return address.city.trim();
  const sector = bucharestSectorCode(address.city);
  if (!sector) throw new RangeError(`București address without a sector: ${address.city}`);
  return sector;
}

function addAddress(party: XMLBuilder, address: EInvoiceAddress): void {
  const node = party.ele('cac:PostalAddress');
  node.ele('cbc:StreetName').txt(address.street.trim());
  node.ele('cbc:CityName').txt(ublCityName(address));
  if (address.postalCode?.trim()) node.ele('cbc:PostalZone').txt(address.postalCode.trim());
  node.ele('cbc:CountrySubentity').txt(`${address.country}-${address.countyCode.trim().toUpperCase()}`);
  node.ele('cac:Country').ele('cbc:IdentificationCode').txt(address.country);
}

function addVatId(party: XMLBuilder, vatId: string): void {
  const scheme = party.ele('cac:PartyTaxScheme');
  scheme.ele('cbc:CompanyID').txt(vatId);
  scheme.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
}

/**
 * The seller: its VAT identifier 'RO…' (BT-31) only when it is registered for VAT — a seller that is not
 * sends no PartyTaxScheme at all (BR-O-02, ANAF's recommendation for 'O'); its CUI as the legal registration
 * identifier (BT-30) and the trade register number as additional legal information (BT-33).
 */
export function addSupplierParty(root: XMLBuilder, doc: EInvoiceDocument): void {
  const { seller } = doc;
  const party = root.ele('cac:AccountingSupplierParty').ele('cac:Party');
  addAddress(party, seller.address);
  if (seller.vatPayer) addVatId(party, `RO${cuiDigits(seller.cui)}`);
  const legal = party.ele('cac:PartyLegalEntity');
  legal.ele('cbc:RegistrationName').txt(seller.name.trim());
  legal.ele('cbc:CompanyID').txt(cuiDigits(seller.cui));
  if (seller.regCom.trim()) legal.ele('cbc:CompanyLegalForm').txt(`Nr. Reg. Com. ${seller.regCom.trim()}`);
  const phone = seller.phone?.trim();
  const email = seller.email?.trim();
  if (phone || email) {
    const contact = party.ele('cac:Contact');
    if (phone) contact.ele('cbc:Telephone').txt(phone);
    if (email) contact.ele('cbc:ElectronicMail').txt(email);
  }
}

/**
 * The buyer: a person by CNP, or 13 zeros when they gave none (BT-47, which BR-RO-120 requires); a company
 * by its CUI (BT-47) and, when it is a VAT payer and the seller charges VAT at all, its VAT id (BT-48).
 */
export function addCustomerParty(root: XMLBuilder, doc: EInvoiceDocument): void {
  const { buyer } = doc;
  const party = root.ele('cac:AccountingCustomerParty').ele('cac:Party');
  addAddress(party, buyer.address);
  if (buyer.kind === 'company' && isVatCui(buyer.cui) && doc.seller.vatPayer) {
    addVatId(party, `RO${cuiDigits(buyer.cui)}`);
  }
  const legal = party.ele('cac:PartyLegalEntity');
  legal.ele('cbc:RegistrationName').txt(buyer.name.trim());
  // An empty CNP is no CNP: the thirteen zeros, as for null.
  const cnp = buyer.kind === 'person' && buyer.cnp?.trim() ? buyer.cnp.trim() : ANONYMOUS_CNP;
  const id = buyer.kind === 'person' ? cnp : cuiDigits(buyer.cui);
  legal.ele('cbc:CompanyID').txt(id);
}
