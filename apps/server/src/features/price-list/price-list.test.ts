import { expect, it } from 'vitest';
import { TREATMENT_CATALOGUE } from '@odonto/domain/catalogue';
import {
  DEFAULT_VAT_SETTINGS,
  PRICE_LIST_MESSAGES,
  type PriceHistoryAnswer,
  type PriceItem,
  type PriceListAnswer,
} from '@odonto/domain/contracts/price-list';
import { MESSAGES } from '@odonto/domain/messages';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, errorOf, loginAs } from '../../../test/http';
import { findPriceForCatalogue, findPricesOn } from './price-list.queries';

// The test clock starts on 2026-03-02 (09:00 UTC, 11:00 in Bucharest).
const TODAY = '2026-03-02';

const OWN_ITEM = {
  name: 'Kit de igienă orală',
  group: 'Produse',
  unit: 'vizita',
  vatRateBp: 2100,
  amountBani: 4_500,
  validFrom: TODAY,
};

describeEachDialect('price list API', ({ useApp }) => {
  const t = useApp();

  async function signIn(roles: string[]): Promise<string> {
    const user = await createUser(t().db, { roles, nume: `Test ${roles.join(' ')}` });
    return loginAs(t().app, user.email, user.password);
  }

  async function list(cookie: string, query = ''): Promise<PriceListAnswer> {
    const response = await call(t().app, { url: `/api/price-list${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function catalogueItem(cookie: string, code: string): Promise<PriceItem> {
    const item = (await list(cookie, `?q=${encodeURIComponent(code)}`)).items.find((i) => i.code === code);
    if (!item) throw new Error(`no item ${code}`);
    return item;
  }

  const setPrice = (cookie: string | null, id: string, body: unknown) =>
    call(t().app, { method: 'POST', url: `/api/price-list/${id}/prices`, cookie, body });

  it('lists every catalogue procedure without a price until one is set, to admins, doctors and assistants', async () => {
    const admin = await signIn(['admin']);
    const answer = await list(admin);
    expect(answer.day).toBe(TODAY);
    expect(answer.items).toHaveLength(TREATMENT_CATALOGUE.length);
    expect(answer.items[0]).toMatchObject({
      code: 'T-101',
      catalogueId: 101,
      name: 'consultație',
      group: 'Consultații',
      unit: 'vizita',
      vatRateBp: null,
      active: true,
      price: null,
      nextPrice: null,
      version: 1,
    });
    expect(answer.items.find((item) => item.catalogueId === 1.1)?.code).toBe('T-1.1');
    expect(answer.groups).toContain('Coroane');
    for (const roles of [['medic'], ['asistent']]) {
      expect((await list(await signIn(roles))).items).toHaveLength(TREATMENT_CATALOGUE.length);
    }
  });

  it('answers 401 signed out and 403 to sterilisation staff, on reads and writes', async () => {
    expect((await call(t().app, { url: '/api/price-list' })).statusCode).toBe(401);
    const sterilizare = await signIn(['sterilizare']);
    for (const url of [
      '/api/price-list',
      '/api/price-list/vat-settings',
      '/api/price-list/export?format=csv',
    ]) {
      const response = await call(t().app, { url, cookie: sterilizare });
      expect(response.statusCode, url).toBe(403);
    }
    expect((await setPrice(null, 'x', { amountBani: 1, validFrom: TODAY })).statusCode).toBe(401);
  });

  it('sets a price, schedules a change that leaves today’s price alone, and keeps the history', async () => {
    const admin = await signIn(['admin']);
    const item = await catalogueItem(admin, 'T-101');
    const first = await setPrice(admin, item.id, { amountBani: 15_000, validFrom: TODAY });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ price: { amountBani: 15_000, validFrom: TODAY }, nextPrice: null });

    const later = await setPrice(admin, item.id, { amountBani: 17_500, validFrom: '2026-04-01' });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json()).toMatchObject({
      price: { amountBani: 15_000, validFrom: TODAY },
      nextPrice: { amountBani: 17_500, validFrom: '2026-04-01' },
    });
    expect((await catalogueItem(admin, 'T-101')).price?.amountBani).toBe(15_000);
    const onApril = (await list(admin, '?day=2026-04-01&q=T-101')).items[0];
    expect(onApril?.price).toEqual({ amountBani: 17_500, validFrom: '2026-04-01' });

    // A second price for today is appended and wins; the first stays in the history.
    t().clock.advanceMinutes(5);
    expect((await setPrice(admin, item.id, { amountBani: 16_000, validFrom: TODAY })).statusCode).toBe(201);
    const history = await call(t().app, { url: `/api/price-list/${item.id}/prices`, cookie: admin });
    expect(history.statusCode, history.body).toBe(200);
    const answer: PriceHistoryAnswer = history.json();
    expect(answer.item.price?.amountBani).toBe(16_000);
    expect(answer.prices.map((price) => [price.amountBani, price.validFrom])).toEqual([
      [17_500, '2026-04-01'],
      [16_000, TODAY],
      [15_000, TODAY],
    ]);
    expect(answer.prices[0]?.createdByName).toBe('Test admin');

    // Other features read the price on a day through the published queries.
    const priced = await findPricesOn(t().db, [item.id, 'unknown'], '2026-03-31');
    expect([...priced.keys()]).toEqual([item.id]);
    expect(priced.get(item.id)).toMatchObject({ code: 'T-101', catalogueId: 101, amountBani: 16_000 });
    expect((await findPriceForCatalogue(t().db, 101, '2026-04-02'))?.amountBani).toBe(17_500);
    expect((await findPriceForCatalogue(t().db, 101, '2026-01-01'))?.amountBani).toBeNull();

    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'price_item_price')
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit[0]?.entity_id).toBe(item.id);
  });

  it('refuses a price from a past day, a bad amount, an unknown item, and writes from doctors and assistants', async () => {
    const admin = await signIn(['admin']);
    const item = await catalogueItem(admin, 'T-101');
    const past = await setPrice(admin, item.id, { amountBani: 15_000, validFrom: '2026-03-01' });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).message).toBe(PRICE_LIST_MESSAGES.pastDate);
    const fractional = await setPrice(admin, item.id, { amountBani: 150.5, validFrom: TODAY });
    expect(fractional.statusCode).toBe(400);
    expect(errorOf(fractional).fields?.['amountBani']).toBe('Suma trebuie să fie un număr întreg de bani.');
    expect((await setPrice(admin, item.id, { amountBani: 1, validFrom: '2026-02-30' })).statusCode).toBe(400);
    expect((await setPrice(admin, 'no-such-item', { amountBani: 1, validFrom: TODAY })).statusCode).toBe(404);
    expect(
      (await call(t().app, { url: '/api/price-list/no-such-item/prices', cookie: admin })).statusCode,
    ).toBe(404);
    for (const roles of [['medic'], ['asistent']]) {
      const cookie = await signIn(roles);
      expect((await setPrice(cookie, item.id, { amountBani: 1, validFrom: TODAY })).statusCode).toBe(403);
      const created = await call(t().app, { method: 'POST', url: '/api/price-list', cookie, body: OWN_ITEM });
      expect(created.statusCode).toBe(403);
      const edited = await call(t().app, {
        method: 'PUT',
        url: `/api/price-list/${item.id}`,
        cookie,
        body: { group: 'X', unit: 'vizita', vatRateBp: null, active: true, version: 1 },
      });
      expect(edited.statusCode).toBe(403);
    }
    const bad = await call(t().app, { url: '/api/price-list?day=ieri', cookie: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('adds the clinic’s own items with the next P- code or a typed one (409 when taken)', async () => {
    const admin = await signIn(['admin']);
    const create = (body: unknown) =>
      call(t().app, { method: 'POST', url: '/api/price-list', cookie: admin, body });
    const first = await create(OWN_ITEM);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      code: 'P-0001',
      catalogueId: null,
      name: 'Kit de igienă orală',
      vatRateBp: 2100,
      price: { amountBani: 4_500, validFrom: TODAY },
    });
    expect((await create({ ...OWN_ITEM, name: 'Periuță' })).json()).toMatchObject({ code: 'P-0002' });
    expect((await create({ ...OWN_ITEM, code: 'albire-kit' })).json()).toMatchObject({ code: 'ALBIRE-KIT' });
    const taken = await create({ ...OWN_ITEM, code: 'ALBIRE-KIT' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe(PRICE_LIST_MESSAGES.codeTaken);

    const reserved = await create({ ...OWN_ITEM, code: 'T-999' });
    expect(reserved.statusCode).toBe(400);
    expect(errorOf(reserved).fields?.['code']).toBe(PRICE_LIST_MESSAGES.codeReserved);
    const rate = await create({ ...OWN_ITEM, vatRateBp: 500 });
    expect(rate.statusCode).toBe(400);
    expect(errorOf(rate).message).toBe(PRICE_LIST_MESSAGES.unknownRate);
    const missing = await create({ ...OWN_ITEM, name: ' ' });
    expect(errorOf(missing).fields?.['name']).toBe(PRICE_LIST_MESSAGES.nameRequired);
    expect((await create({ ...OWN_ITEM, extra: 1 })).statusCode).toBe(400);

    const found = await list(admin, '?q=periuta');
    expect(found.items.map((item) => item.code)).toEqual(['P-0002']);
    expect((await list(admin, '?group=Produse')).items).toHaveLength(3);
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'price_item_create')
      .execute();
    expect(audit).toHaveLength(3);
  });

  it('edits an item’s details at its version (409 when stale), keeping a catalogue procedure’s name', async () => {
    const admin = await signIn(['admin']);
    const item = await catalogueItem(admin, 'T-1401');
    const put = (body: unknown, id = item.id) =>
      call(t().app, { method: 'PUT', url: `/api/price-list/${id}`, cookie: admin, body });
    const details = { group: 'Estetică', unit: 'arcada', vatRateBp: 2100, active: true, version: 1 };
    const saved = await put(details);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'albire dentară în cabinet',
      group: 'Estetică',
      unit: 'arcada',
      vatRateBp: 2100,
      version: 2,
    });
    const stale = await put({ ...details, active: false });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(MESSAGES.conflict);
    expect((await catalogueItem(admin, 'T-1401')).active).toBe(true);
    const renamed = await put({ ...details, name: 'albire', version: 2 });
    expect(renamed.statusCode).toBe(400);
    expect(errorOf(renamed).message).toBe(PRICE_LIST_MESSAGES.catalogueName);
    expect((await put({ ...details, unit: 'ora', version: 2 })).statusCode).toBe(400);
    expect((await put(details, 'no-such-item')).statusCode).toBe(404);

    const hidden = await put({ ...details, active: false, version: 2 });
    expect(hidden.statusCode).toBe(200);
    expect((await list(admin, '?q=T-1401')).items).toHaveLength(0);
    expect((await list(admin, '?q=T-1401&includeInactive=true')).items).toHaveLength(1);

    const own = (
      await call(t().app, { method: 'POST', url: '/api/price-list', cookie: admin, body: OWN_ITEM })
    ).json<PriceItem>();
    const rename = await put({ ...details, name: 'Kit igienă', version: 1 }, own.id);
    expect(rename.json()).toMatchObject({ name: 'Kit igienă', version: 2 });
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'price_item_update')
      .execute();
    expect(audit).toHaveLength(3);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({
      code: 'T-1401',
      fields: ['group_name', 'unit', 'vat_rate_bp'],
    });
  });

  it('keeps the VAT rates and exemption text as settings; a rate in use cannot be removed', async () => {
    const admin = await signIn(['admin']);
    const medic = await signIn(['medic']);
    const read = await call(t().app, { url: '/api/price-list/vat-settings', cookie: medic });
    expect(read.json()).toEqual(DEFAULT_VAT_SETTINGS);
    const put = (cookie: string, body: unknown) =>
      call(t().app, { method: 'PUT', url: '/api/price-list/vat-settings', cookie, body });
    const body = { ratesBp: [2100, 1100, 500], exemptionText: 'Scutit de TVA (art. 292)', version: 0 };
    expect((await put(medic, body)).statusCode).toBe(403);
    const saved = await put(admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...body, version: 1 });
    expect((await put(admin, body)).statusCode).toBe(409);
    expect((await put(admin, { ...body, ratesBp: [2100, 2100], version: 1 })).statusCode).toBe(400);
    expect((await put(admin, { ...body, exemptionText: '', version: 1 })).statusCode).toBe(400);

    const item = await catalogueItem(admin, 'T-1401');
    const taxed = await call(t().app, {
      method: 'PUT',
      url: `/api/price-list/${item.id}`,
      cookie: admin,
      body: { group: item.group, unit: item.unit, vatRateBp: 500, active: true, version: 1 },
    });
    expect(taxed.statusCode, taxed.body).toBe(200);
    const inUse = await put(admin, { ...body, ratesBp: [2100, 1100], version: 1 });
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse).message).toBe(PRICE_LIST_MESSAGES.rateInUse('5%'));
    const dropUnused = await put(admin, { ...body, ratesBp: [500, 2100], version: 1 });
    expect(dropUnused.json()).toMatchObject({ ratesBp: [2100, 500], version: 2 });
    const audit = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'vat_settings_update')
      .execute();
    expect(audit).toHaveLength(2);
  });
});
