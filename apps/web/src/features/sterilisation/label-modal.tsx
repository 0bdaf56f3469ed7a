import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Cycle } from '@odonto/domain/contracts/sterilisation';
import { formatInstrumentDate } from '@odonto/domain/dates';
import { registerModal, type ModalControls } from '../../ui/modals';
import { Barcode } from './barcode';
import { PrintArea, printNow } from './print-area';

export interface LabelModalProps {
  cycle: Cycle;
  /** Only these pouches (sterilisation ids); every pouch of the load when absent. */
  ids?: readonly number[];
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    'print-sterilisation-id': LabelModalProps;
  }
}

/** One 50×25 mm label: the id as Code 128 and text, the instrument, dates and the operator's initials. */
function Label({ cycle, item }: { cycle: Cycle; item: Cycle['items'][number] }) {
  return (
    <div className="odonto-label" data-testid="label">
      <Barcode text={String(item.id_sterilizare)} />
      <div className="odonto-label-id">{item.id_sterilizare}</div>
      <div className="odonto-label-line">{item.name}</div>
      <div className="odonto-label-line">
        Ster. {formatInstrumentDate(cycle.startedAt)} · Exp. {formatInstrumentDate(item.useBy)} ·{' '}
        {cycle.operatorInitials}
      </div>
    </div>
  );
}

/**
 * The print-ID-label modal: a preview and the browser's print, one label per pouch. A failed load gets no
 * label: a label on its pouches would make them look sterile.
 */
export function LabelModal({ cycle, ids, close }: LabelModalProps & ModalControls) {
  const items = cycle.items.filter((item) => !ids || ids.includes(item.id_sterilizare));
  const failed = cycle.status === 'neconform';
  return (
    <Stack gap="md">
      <Text>
        Șarja {cycle.id} · {items.length === 1 ? 'o etichetă' : `${items.length} etichete`} de 50×25 mm
      </Text>
      {failed ? (
        <Alert color="red" title="Șarjă neconformă">
          Indicatorul chimic sau biologic al acestei șarje a eșuat: pungile nu se etichetează și nu se
          folosesc. Instrumentele se resterilizează.
        </Alert>
      ) : null}
      {failed ? null : (
        <Group gap="sm">
          {items.map((item) => (
            <Paper key={item.id_sterilizare} withBorder radius={0} p={0} bg="white">
              <Label cycle={cycle} item={item} />
            </Paper>
          ))}
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Închide
        </Button>
        <Button leftSection={<IconPrinter size={18} />} onClick={printNow} disabled={failed}>
          Tipărește etichetele
        </Button>
      </Group>
      {failed ? null : (
        <PrintArea format="label">
          {items.map((item) => (
            <Label key={item.id_sterilizare} cycle={cycle} item={item} />
          ))}
        </PrintArea>
      )}
    </Stack>
  );
}

registerModal('print-sterilisation-id', {
  component: LabelModal,
  title: 'Tipărire etichete ID sterilizare',
  size: 'xl',
});
