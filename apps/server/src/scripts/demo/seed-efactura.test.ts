import { expect, it } from 'vitest';
import type { EfacturaSubmission } from '@odonto/domain/contracts/efactura';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { queue } from '../../features/efactura/efactura.test-support';
import { DEMO_NOK_ERRORS, seedEfactura } from './seed-efactura';

describeEachDialect('demo e-Factura states', ({ useApp }) => {
  const t = useApp();

  it('moves the queued demo documents to ok, nok, check and uploaded once, leaving the newest queued', async () => {
    expect(await seedEfactura(t().db, t().clock.now())).toBe(0);
    await queue(t(), 'F-0');
    t().clock.advanceMinutes(1);
    // One document stays queued: nothing to move.
    expect(await seedEfactura(t().db, t().clock.now())).toBe(0);
    for (const id of ['F-1', 'F-2', 'F-3', 'F-4']) {
      await queue(t(), id);
      t().clock.advanceMinutes(1);
    }
    const now = t().clock.now();
    expect(await seedEfactura(t().db, now)).toBe(4);
    expect(await seedEfactura(t().db, now)).toBe(0);

    const admin = await createUser(t().db, { roles: ['admin'] });
    const cookie = await loginAs(t().app, admin.email, admin.password);
    const read = async (id: string) =>
      (await call(t().app, { url: `/api/efactura/submissions/${id}`, cookie })).json<EfacturaSubmission>();
    const [ok, nok, check, uploaded, queued] = await Promise.all(
      ['F-0', 'F-1', 'F-2', 'F-3', 'F-4'].map(read),
    );
    expect(ok).toMatchObject({ state: 'ok', errors: [] });
    expect(ok?.uploadIndex).toMatch(/^\d+$/);
    expect(ok?.downloadId).toMatch(/^\d+$/);
    expect(nok).toMatchObject({ state: 'nok', errors: DEMO_NOK_ERRORS });
    expect(uploaded).toMatchObject({ state: 'uploaded', downloadId: null });
    expect(uploaded?.uploadIndex).toMatch(/^\d+$/);
    expect(check).toMatchObject({ state: 'check', uploadIndex: null });
    expect(check?.lastError).toContain('SPV');
    expect(queued).toMatchObject({ state: 'queued', attempts: 0 });
    expect(new Set([ok, nok, uploaded].map((row) => row?.uploadIndex)).size).toBe(3);
  });
});
