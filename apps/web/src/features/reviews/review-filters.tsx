import { Button, Group, Paper, Select, SimpleGrid } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { RatingFilter } from '@odonto/domain/contracts/reviews';
import { PeriodPicker } from '../../ui/period-picker';
import { useReviewDoctors } from './api';
import { hasActiveFilters, type ReviewFilters } from './review-params';

const RATING_OPTIONS: { value: RatingFilter; label: string }[] = [
  { value: 'low', label: 'Scoruri mici (1–2 stele)' },
  { value: '5', label: '5 stele' },
  { value: '4', label: '4 stele' },
  { value: '3', label: '3 stele' },
  { value: '2', label: '2 stele' },
  { value: '1', label: '1 stea' },
];

function DoctorSelect({ value, onChange }: { value: string; onChange: (doctor: string) => void }) {
  const doctors = useReviewDoctors();
  const options = (doctors.data ?? []).map((doctor) => ({ value: doctor.id, label: doctor.nume }));
  return (
    <Select
      label="Medic"
      placeholder="Toți medicii"
      data={options}
      value={value || null}
      onChange={(doctor) => onChange(doctor ?? '')}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Șterge medicul' }}
      nothingFoundMessage="Niciun medic"
    />
  );
}

export interface ReviewFiltersProps {
  filters: ReviewFilters;
  onChange: (patch: Partial<ReviewFilters>) => void;
  onReset: () => void;
}

/** The reviews screen's filters: doctor, rating and period (whole days in Bucharest). */
export function ReviewFiltersPanel({ filters, onChange, onReset }: ReviewFiltersProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filtre recenzii">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
        <DoctorSelect value={filters.doctor} onChange={(doctor) => onChange({ doctor })} />
        <Select
          label="Stele"
          placeholder="Toate"
          data={RATING_OPTIONS}
          value={filters.rating || null}
          onChange={(rating) => onChange({ rating: (rating as RatingFilter | null) ?? '' })}
          clearable
          clearButtonProps={{ 'aria-label': 'Șterge filtrul de stele' }}
        />
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
