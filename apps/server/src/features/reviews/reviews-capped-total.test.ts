import { randomUUID } from 'node:crypto';
import { it } from 'vitest';
import { REVIEW_PAGE_SIZE, type ReviewListResponse } from '@odonto/domain/contracts/reviews';
import { describeEachDialect } from '../../../test/build-test-app';
import { expectCappedTotals, getPage, insertRows } from '../../../test/capped-total';
import { createUser } from '../../../test/factories';
import { insertPatientRow } from '../../../test/stored-files';
import { signInWith } from './reviews.test-support';

describeEachDialect('GET /api/reviews: totals exact up to 1,000, then capped', ({ useApp }) => {
  const t = useApp();

  it('counts the reviews exactly up to 1,000, then answers "more" and still pages past it', async () => {
    const admin = await signInWith(t(), ['admin']);
    const doctor = await createUser(t().db, { roles: ['medic'], nume: 'Dr. Ana Ionescu' });
    const patientId = await insertPatientRow(t().db);
    let added = 0;
    await expectCappedTotals({
      pageSize: REVIEW_PAGE_SIZE,
      addMatches: async (count) => {
        const rows = Array.from({ length: count }, (_, i) => ({
          id: randomUUID(),
          request_id: null,
          appointment_id: null,
          patient_id: patientId,
          doctor_id: doctor.id,
          medic: doctor.nume,
          rating: 1 + ((added + i) % 5),
          comment: '',
          created_at: new Date(Date.UTC(2026, 0, 1) + (added + i) * 60_000).toISOString(),
        }));
        added += count;
        await insertRows(t().db, 'reviews', rows);
      },
      page: (page) =>
        getPage<ReviewListResponse>(t().app, admin.cookie, '/api/reviews', page, (answer) => answer.reviews),
    });
  });
});
