import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import 'dayjs/locale/ro';
import type { ReviewStatsResponse } from '@odonto/domain/contracts/reviews';
import { RATINGS } from '@odonto/domain/reviews';
import { countOf, type CountedNoun } from '../../ui/list-pager';
import { formatAverage, starsLabel, Stars } from './stars';

type Stats = ReviewStatsResponse['overall'];

/** 'mar. 2026': a chart month in Romanian. */
export function monthLabel(month: string): string {
  return dayjs(`${month}-01`).locale('ro').format('MMM YYYY');
}

/** '1 recenzie', '7 recenzii', '25 de recenzii' (countOf). */
export const REVIEWS: CountedNoun = { singular: 'recenzie', plural: 'recenzii' };

/** How many reviews gave each number of stars, five first, as bars. */
export function Distribution({ stats, label }: { stats: Stats; label: string }) {
  return (
    <Stack gap={4} aria-label={`Distribuția notelor: ${label}`} role="group">
      {[...RATINGS].reverse().map((rating) => {
        const count = stats.distribution[rating - 1] ?? 0;
        const share = stats.count === 0 ? 0 : (count / stats.count) * 100;
        return (
          <Group key={rating} gap="xs" wrap="nowrap">
            <Text size="xs" w={48} c="dimmed">
              {starsLabel(rating)}
            </Text>
            <Progress
              value={share}
              color={rating <= 2 ? 'red' : rating === 3 ? 'yellow' : 'teal'}
              size="sm"
              style={{ flex: 1 }}
              aria-label={`${starsLabel(rating)}: ${count}`}
            />
            <Text size="xs" w={28} ta="right">
              {count}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

function OverallCard({ stats }: { stats: Stats }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Media generală">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Media generală
        </Text>
        <Group gap="sm" align="baseline">
          <Text fz={36} fw={700} lh={1} data-testid="overall-average">
            {formatAverage(stats.average)}
          </Text>
          {stats.average !== null ? <Stars rating={Math.round(stats.average)} /> : null}
        </Group>
        <Text size="sm">{countOf(stats.count, REVIEWS)}</Text>
        <Distribution stats={stats} label="toate recenziile" />
      </Stack>
    </Paper>
  );
}

function MonthlyChart({ monthly }: { monthly: ReviewStatsResponse['monthly'] }) {
  const data = monthly.map((month) => ({
    month: monthLabel(month.month),
    media: month.average,
    count: month.count,
  }));
  const hasData = monthly.some((month) => month.average !== null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Media lunară">
      <Text size="sm" c="dimmed" mb="xs">
        Media lunară
      </Text>
      {hasData ? (
        <LineChart
          h={220}
          data={data}
          dataKey="month"
          series={[{ name: 'media', label: 'Media', color: 'teal.6' }]}
          yAxisProps={{ domain: [1, 5], ticks: [1, 2, 3, 4, 5] }}
          valueFormatter={(value) => formatAverage(value)}
          connectNulls={false}
          curveType="linear"
          withDots
        />
      ) : (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          Nicio recenzie în perioada aleasă.
        </Text>
      )}
      <VisuallyHidden>
        <ul aria-label="Media pe luni">
          {monthly.map((month) => (
            <li key={month.month}>
              {monthLabel(month.month)}: {formatAverage(month.average)}
            </li>
          ))}
        </ul>
      </VisuallyHidden>
    </Paper>
  );
}

function DoctorsTable({ doctors }: { doctors: ReviewStatsResponse['doctors'] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Statistici pe medici">
      <Title order={3} size="h5" mb="xs">
        Pe medici
      </Title>
      {doctors.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nicio recenzie.
        </Text>
      ) : (
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Medic</Table.Th>
              <Table.Th>Media</Table.Th>
              <Table.Th>Recenzii</Table.Th>
              <Table.Th w="40%">Distribuție</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {doctors.map((doctor) => (
              <Table.Tr key={doctor.doctorId} aria-label={doctor.medic}>
                <Table.Td>{doctor.medic}</Table.Td>
                <Table.Td fw={600}>{formatAverage(doctor.average)}</Table.Td>
                <Table.Td>{doctor.count}</Table.Td>
                <Table.Td>
                  <Distribution stats={doctor} label={doctor.medic} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The average, count and distribution overall and per doctor, and the monthly average chart. */
export function ReviewStatsPanel({ stats }: { stats: ReviewStatsResponse }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <OverallCard stats={stats.overall} />
        <MonthlyChart monthly={stats.monthly} />
      </SimpleGrid>
      <DoctorsTable doctors={stats.doctors} />
    </Stack>
  );
}
