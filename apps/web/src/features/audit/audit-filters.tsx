import { Button, Group, Paper, Select, SimpleGrid } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { auditActionLabel } from '@odonto/domain/contracts/audit';
import { PeriodPicker } from '../../ui/period-picker';
import { useAuditActions } from './api';
import { hasActiveFilters, type AuditFilters } from './audit-params';
import { PatientPicker, UserPicker } from './audit-pickers';

export interface AuditFiltersProps {
  filters: AuditFilters;
  /** The filtered patient's name as the server gave it (the address holds only the id). */
  patientLabel: string | null;
  onChange: (patch: Partial<AuditFilters>) => void;
  onReset: () => void;
}

function ActionSelect({ value, onChange }: { value: string; onChange: (action: string) => void }) {
  const actions = useAuditActions();
  const options = (actions.data ?? []).map((option) => ({ value: option.action, label: option.label }));
  // An action from the address that is not (or no longer) in the log still shows by its name.
  if (value && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: auditActionLabel(value) });
  }
  return (
    <Select
      label="Acțiune"
      placeholder="Toate"
      data={options}
      value={value || null}
      onChange={(action) => onChange(action ?? '')}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Șterge acțiunea' }}
      nothingFoundMessage="Nicio acțiune"
    />
  );
}

/** The audit screen's filters: user, patient, action and period (whole days in Bucharest). */
export function AuditFiltersPanel({ filters, patientLabel, onChange, onReset }: AuditFiltersProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filtre jurnal">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <UserPicker value={filters.user} onChange={(user) => onChange({ user })} />
        <PatientPicker
          value={filters.patient}
          label={patientLabel}
          onChange={(patient) => onChange({ patient })}
        />
        <ActionSelect value={filters.action} onChange={(action) => onChange({ action })} />
        <PeriodPicker
          from={filters.from}
          to={filters.to}
          onChange={([from, to]) => onChange({ from: from ?? '', to: to ?? '' })}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          onClick={onReset}
          disabled={!hasActiveFilters(filters)}
        >
          Resetează filtrele
        </Button>
      </Group>
    </Paper>
  );
}
