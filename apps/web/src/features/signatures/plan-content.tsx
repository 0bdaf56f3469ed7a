import { Group, Stack, Table, Text, Title } from '@mantine/core';
import type { PlanAcceptanceContent } from '@odonto/domain/contracts/plans';
import { formatTreatmentDate } from '@odonto/domain/dates';
import { formatLei } from '@odonto/domain/money';
import { alternativeName } from '@odonto/domain/plans';

/**
 * What a patient signs when accepting a plan alternative (issue 12): the plan's title, the alternative,
 * its items with teeth and amounts, the total and the validity — on the signature station (`large`), in
 * the acceptance modal and in a signed snapshot. Published to the plans feature (decision 0009).
 */
export function PlanSignedContent({
  content,
  large = false,
}: {
  content: PlanAcceptanceContent;
  large?: boolean;
}) {
  const fz = large ? 'lg' : 'sm';
  return (
    <Stack gap="sm" data-testid="plan-signed-content">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={3} fz={large ? 26 : 'lg'} data-testid="plan-signed-title">
          {content.title}
        </Title>
        <Text fw={700} fz={large ? 'xl' : 'md'} data-testid="plan-signed-alternative">
          {alternativeName(content.alternative)}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table fz={fz} withTableBorder aria-label="Lucrările variantei">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Lucrare</Table.Th>
              <Table.Th>Dinți</Table.Th>
              <Table.Th ta="right">Cant.</Table.Th>
              <Table.Th ta="right">Valoare</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {content.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  {item.name}
                  {item.phase ? (
                    <Text span c="dimmed" fz={large ? 'sm' : 'xs'}>
                      {' '}
                      · {item.phase}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{item.teeth.join(', ')}</Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatLei(item.finalBani)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>Total</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="plan-signed-total">
                {formatLei(content.totalBani)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {content.discountBani > 0 ? (
        <Text fz={fz} data-testid="plan-signed-discount">
          Valorile includ reducerea pe variantă de {formatLei(content.discountBani)}.
        </Text>
      ) : null}
      <Text fz={fz} data-testid="plan-signed-validity">
        Ofertă valabilă până la {formatTreatmentDate(content.validUntil)} · versiunea {content.revision} a
        planului
      </Text>
    </Stack>
  );
}
