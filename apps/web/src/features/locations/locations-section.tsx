import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconPencil, IconPlus } from '@tabler/icons-react';
import { isClinicGroup, type Chair, type Location } from '@odonto/domain/contracts/locations';
import { askConfirmation } from '../../ui/confirm-host';
import { useLocations, useMoveChair, useMoveLocation, useSetChairOpen, useSetLocationOpen } from './api';
import { ChairForm } from './chair-form';
import { LocationForm } from './location-form';
import { LocationSellerForm } from './location-seller-form';

type Dialog =
  | { kind: 'new-location' }
  | { kind: 'edit-location'; location: Location }
  | { kind: 'location-seller'; location: Location }
  | { kind: 'new-chair'; location: Location }
  | { kind: 'rename-chair'; location: Location; chair: Chair };

function dialogTitle(dialog: Dialog): string {
  switch (dialog.kind) {
    case 'new-location':
      return 'Sediu nou';
    case 'edit-location':
      return `Editează sediul: ${dialog.location.name}`;
    case 'location-seller':
      return `Date de facturare: ${dialog.location.name}`;
    case 'new-chair':
      return `Cabinet nou la ${dialog.location.name}`;
    case 'rename-chair':
      return `Redenumește cabinetul: ${dialog.chair.name}`;
  }
}

function hoursText(location: Location): string {
  return location.opensAt && location.closesAt
    ? `Program: ${location.opensAt}–${location.closesAt}`
    : 'Program: orele obișnuite ale clinicii';
}

/** Up and down buttons for one item of an ordered list, named for a screen reader. */
function MoveButtons(props: {
  what: string;
  isFirst: boolean;
  isLast: boolean;
  onMove: (up: boolean) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={`Mută ${props.what} mai sus`}
        disabled={props.isFirst}
        onClick={() => props.onMove(true)}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`Mută ${props.what} mai jos`}
        disabled={props.isLast}
        onClick={() => props.onMove(false)}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
    </Group>
  );
}

/**
 * Settings › "Sedii și cabinete" (admins, issue 14): the clinic's locations in order with their address,
 * phone, hours and chairs. A location or chair is closed, never deleted; the last open location stays open.
 */
export function LocationsSection() {
  const locations = useLocations();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const moveLocation = useMoveLocation();
  const setLocationOpen = useSetLocationOpen();
  const moveChair = useMoveChair();
  const setChairOpen = useSetChairOpen();
  const close = () => setDialog(null);

  const handlers = {
    onSuccess: () => setActionError(null),
    onError: (error: Error) => setActionError(error.message),
  };

  async function toggleLocation(location: Location) {
    const question = location.archived
      ? `Redeschideți sediul „${location.name}”?`
      : `Închideți sediul „${location.name}”? Programările lui rămân; sediul nu mai poate fi ales pentru altele noi.`;
    if (!(await askConfirmation(question))) return;
    setLocationOpen.mutate(
      { id: location.id, open: location.archived },
      {
        ...handlers,
        onSuccess: () => {
          setActionError(null);
          notifications.show({
            color: 'teal',
            message: location.archived ? 'Sediul a fost redeschis.' : 'Sediul a fost închis.',
          });
        },
      },
    );
  }

  async function toggleChair(chair: Chair) {
    const question = chair.archived
      ? `Redeschideți cabinetul „${chair.name}”?`
      : `Închideți cabinetul „${chair.name}”? Programările lui rămân.`;
    if (!(await askConfirmation(question))) return;
    setChairOpen.mutate({ id: chair.id, open: chair.archived }, handlers);
  }

  const list = locations.data?.locations ?? [];
  // A location invoiced as another firm is a clinic group's matter: one location has nothing new to show.
  const isGroup = isClinicGroup(list);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="locations-section-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="lg" id="locations-section-title">
              Sedii și cabinete
            </Title>
            <Text size="sm" c="dimmed" maw={700}>
              O clinică cu un singur sediu nu vede sediile nicăieri altundeva. Cu două sau mai multe sedii
              deschise, calendarul și programările arată sediul, iar utilizatorii pot fi repartizați pe sedii.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'new-location' })}>
            Adaugă sediu
          </Button>
        </Group>

        {actionError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            role="alert"
            withCloseButton
            closeButtonLabel="Închide mesajul"
            onClose={() => setActionError(null)}
          >
            {actionError}
          </Alert>
        ) : null}

        {locations.isPending ? <Skeleton h={120} /> : null}
        {locations.isError ? <Text c="red">Sediile nu au putut fi încărcate.</Text> : null}

        {list.map((location, index) => (
          <Card key={location.id} withBorder padding="sm" aria-label={location.name} component="section">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Group gap="xs">
                    <Title order={3} fz="md">
                      {location.name}
                    </Title>
                    {location.archived ? <Badge color="gray">Închis</Badge> : null}
                  </Group>
                  <Text size="sm">{location.address || 'Fără adresă'}</Text>
                  {location.phone ? <Text size="sm">Telefon: {location.phone}</Text> : null}
                  <Text size="sm">{hoursText(location)}</Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <MoveButtons
                    what={`sediul ${location.name}`}
                    isFirst={index === 0}
                    isLast={index === list.length - 1}
                    onMove={(up) =>
                      moveLocation.mutate({ id: location.id, direction: up ? 'up' : 'down' }, handlers)
                    }
                  />
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Editează sediul ${location.name}`}
                    onClick={() => setDialog({ kind: 'edit-location', location })}
                  >
                    Editează
                  </Button>
                  {isGroup ? (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Date de facturare ale sediului ${location.name}`}
                      onClick={() => setDialog({ kind: 'location-seller', location })}
                    >
                      Facturare
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="default"
                    color={location.archived ? undefined : 'red'}
                    aria-label={`${location.archived ? 'Redeschide' : 'Închide'} sediul ${location.name}`}
                    onClick={() => void toggleLocation(location)}
                  >
                    {location.archived ? 'Redeschide' : 'Închide'}
                  </Button>
                </Group>
              </Group>

              <Text size="sm" fw={600}>
                Cabinete
              </Text>
              {location.chairs.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Niciun cabinet.
                </Text>
              ) : (
                <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {location.chairs.map((chair, chairIndex) => (
                    <Group key={chair.id} component="li" justify="space-between" wrap="nowrap">
                      <Group gap="xs">
                        <Text size="sm" c={chair.archived ? 'dimmed' : undefined}>
                          {chair.name}
                        </Text>
                        {chair.archived ? (
                          <Badge size="sm" color="gray">
                            Închis
                          </Badge>
                        ) : null}
                      </Group>
                      <Group gap={4} wrap="nowrap">
                        <MoveButtons
                          what={`cabinetul ${chair.name}`}
                          isFirst={chairIndex === 0}
                          isLast={chairIndex === location.chairs.length - 1}
                          onMove={(up) =>
                            moveChair.mutate({ id: chair.id, direction: up ? 'up' : 'down' }, handlers)
                          }
                        />
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Redenumește cabinetul ${chair.name}`}
                          onClick={() => setDialog({ kind: 'rename-chair', location, chair })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color={chair.archived ? undefined : 'red'}
                          aria-label={`${chair.archived ? 'Redeschide' : 'Închide'} cabinetul ${chair.name}`}
                          onClick={() => void toggleChair(chair)}
                        >
                          {chair.archived ? 'Redeschide' : 'Închide'}
                        </Button>
                      </Group>
                    </Group>
                  ))}
                </Stack>
              )}
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  aria-label={`Adaugă cabinet la ${location.name}`}
                  onClick={() => setDialog({ kind: 'new-chair', location })}
                >
                  Adaugă cabinet
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>

      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialog ? dialogTitle(dialog) : ''}
        size={dialog?.kind === 'location-seller' ? 'lg' : undefined}
      >
        {dialog?.kind === 'location-seller' ? (
          <LocationSellerForm locationId={dialog.location.id} onDone={close} />
        ) : null}
        {dialog?.kind === 'new-location' ? <LocationForm onDone={close} /> : null}
        {dialog?.kind === 'edit-location' ? <LocationForm location={dialog.location} onDone={close} /> : null}
        {dialog?.kind === 'new-chair' ? <ChairForm locationId={dialog.location.id} onDone={close} /> : null}
        {dialog?.kind === 'rename-chair' ? (
          <ChairForm locationId={dialog.location.id} chair={dialog.chair} onDone={close} />
        ) : null}
      </Modal>
    </Paper>
  );
}
