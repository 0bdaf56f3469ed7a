import { expect, it } from 'vitest';
import { TREATMENT_CATALOGUE } from '@odonto/domain/catalogue';
import type { PriceHistoryAnswer, PriceListAnswer } from '@odonto/domain/contracts/price-list';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { DEMO_USERS } from '../demo-users';
import { seedPriceList } from './seed-price-list';

describeEachDialect('demo price list', ({ useApp }) => {
  const t = useApp();

  it('prices every catalogue procedure once, with raises in the history and changes scheduled', async () => {
    const admin = await createUser(t().db, {
      email: DEMO_USERS.admin.email,
      roles: ['admin'],
      nume: 'Admin Demo',
    });
    expect(await seedPriceList(t().db, t().clock.now())).toBeGreaterThan(TREATMENT_CATALOGUE.length);
    expect(await seedPriceList(t().db, t().clock.now())).toBe(0);

    const cookie = await loginAs(t().app, admin.email, admin.password);
    const list: PriceListAnswer = (
      await call(t().app, { url: '/api/price-list?includeInactive=true', cookie })
    ).json();
    const byCode = new Map(list.items.map((item) => [item.code, item]));
    expect(list.items.filter((item) => item.price === null)).toEqual([]);
    expect(byCode.get('T-101')).toMatchObject({
      price: { amountBani: 15_000 },
      nextPrice: { amountBani: 17_000 },
    });
    expect(byCode.get('T-1')?.price?.amountBani).toBe(120_000);
    expect(byCode.get('T-1401')).toMatchObject({ vatRateBp: 2100, price: { amountBani: 150_000 } });
    expect(byCode.get('T-307')?.active).toBe(false);
    expect(byCode.get('P-0001')).toMatchObject({
      name: 'Kit igienă orală (periuță, pastă, ață)',
      vatRateBp: 2100,
    });

    const crown = byCode.get('T-1');
    const history: PriceHistoryAnswer = (
      await call(t().app, { url: `/api/price-list/${crown?.id ?? ''}/prices`, cookie })
    ).json();
    expect(history.prices.map((price) => price.amountBani)).toEqual([120_000, 108_000]);
    expect(history.prices[0]?.createdByName).toBe('Admin Demo');
  });
});
