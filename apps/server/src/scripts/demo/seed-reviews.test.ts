import { expect, it } from 'vitest';
import type { ReviewStatsResponse } from '@odonto/domain/contracts/reviews';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { DEMO_USERS } from '../demo-users';
import { seedPatients } from './seed-patients';
import { seedReviews } from './seed-reviews';

describeEachDialect('demo reviews', ({ useApp }) => {
  const t = useApp();

  it('adds reviews of the demo doctors over the last six months once, with low scores among them', async () => {
    const now = t().clock.now();
    const medic = await createUser(t().db, {
      email: DEMO_USERS.medic.email,
      roles: ['medic'],
      nume: 'Dr. Unu',
    });
    await createUser(t().db, { email: DEMO_USERS.medic2.email, roles: ['medic'], nume: 'Dr. Doi' });
    await seedPatients(t().db, now);

    const added = await seedReviews(t().db, now);
    expect(added).toBeGreaterThanOrEqual(100);
    expect(await seedReviews(t().db, now)).toBe(0);

    const rows = await t().db.selectFrom('reviews').select(['created_at', 'rating']).execute();
    const sixMonthsAgo = now.getTime() - 183 * 86_400_000;
    for (const row of rows) {
      const at = new Date(row.created_at).getTime();
      expect(at).toBeGreaterThan(sixMonthsAgo);
      expect(at).toBeLessThanOrEqual(now.getTime());
    }
    expect(rows.some((row) => row.rating <= 2)).toBe(true);

    const cookie = await loginAs(t().app, medic.email, medic.password);
    const stats = (await call(t().app, { url: '/api/reviews/stats', cookie })).json<ReviewStatsResponse>();
    expect(stats.overall.count).toBe(added);
    expect(stats.doctors.map((doctor) => doctor.medic)).toEqual(['Dr. Doi', 'Dr. Unu']);
    const recent = stats.monthly.slice(-6);
    expect(recent.every((month) => month.count > 0)).toBe(true);
  });
});
