import { expect, it } from 'vitest';
import type { App } from '../app-types';
import { describeEachDialect } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { call, loginAs } from '../../test/http';
import { audit } from './audit';
import { requireUser } from './auth';

function viewRoute(app: App): void {
  app.get('/api/test/view/:id', { onRequest: requireUser }, async (request) => {
    const { id } = request.params as { id: string };
    await audit(request, {
      action: 'patient_view',
      entity: 'patient',
      entityId: id,
      patientId: id,
      details: { tab: 'istoric' },
    });
    return { ok: true };
  });
}

describeEachDialect('audit(request, entry)', ({ useApp }) => {
  const t = useApp({ routes: viewRoute });

  it('records who, when, from where and what', async () => {
    const user = await createUser(t().db);
    const cookie = await loginAs(t().app, user.email, user.password, '192.0.2.44');
    t().clock.advanceMinutes(3);
    await call(t().app, { url: '/api/test/view/p-17', cookie, remoteAddress: '192.0.2.45' });
    const row = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'patient_view')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      at: t().clock.now().toISOString(),
      user_id: user.id,
      user_email: user.email,
      ip: '192.0.2.45',
      entity: 'patient',
      entity_id: 'p-17',
      patient_id: 'p-17',
    });
    expect(JSON.parse(row.details ?? 'null')).toEqual({ tab: 'istoric' });
  });
});
