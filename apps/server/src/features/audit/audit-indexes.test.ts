import { CompiledQuery } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { auditPageQuery, distinctActionsQuery, type AuditListFilter } from './audit.queries';
import { seedAudit } from './audit.test-support';

const PAGE = { limit: 50, offset: 0 };

// PostgreSQL's planner picks a sequential scan for a test-sized table whatever the indexes, so the plans
// are checked on SQLite, whose planner follows the indexes regardless of size.
describeEachDialect('audit log indexes', ({ useApp, dialect }) => {
  const t = useApp();

  async function plan(compiled: CompiledQuery): Promise<string> {
    const result = await t().db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((row) => row.detail).join('\n');
  }

  const pagePlan = (filter: AuditListFilter) => plan(auditPageQuery(t().db, filter, PAGE).compile());

  it.runIf(dialect === 'sqlite').each([
    ['patient', 'audit_log_patient_id_at', { patientId: 'p-1' }],
    ['user id', 'audit_log_user_id_at', { userId: 'u-1', atFrom: '2026-01-01T00:00:00.000Z' }],
    ['email', 'audit_log_email_action_at', { userEmail: 'ana@clinica.test' }],
    ['action', 'audit_log_action_at', { action: 'patient_view' }],
    ['days only', 'audit_log_at', { atFrom: '2026-01-01T00:00:00.000Z' }],
  ])('the list filtered by %s reads the index %s', async (_name, index, filter: AuditListFilter) => {
    await seedAudit(t(), [{ at: '2026-01-02T00:00:00.000Z', action: 'patient_view', patient_id: 'p-1' }]);
    expect(await pagePlan(filter)).toContain(`INDEX ${index}`);
  });

  it.runIf(dialect === 'sqlite')(
    'the distinct actions are found by index seeks, not a scan of the log',
    async () => {
      const text = await plan(distinctActionsQuery().compile(t().db));
      expect(text).toContain('audit_log_action_at');
      expect(text).not.toMatch(/SCAN audit_log(?! USING)/);
    },
  );
});
