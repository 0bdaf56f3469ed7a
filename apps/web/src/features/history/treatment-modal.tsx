import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Image, Stack, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { crownCandidates, destinationCandidates } from '@odonto/domain/bridges';
import {
  catalogueEntryById,
  catalogueOfKind,
  isBridge,
  TREATMENT_CATALOGUE,
  type TreatmentKindId,
} from '@odonto/domain/catalogue';
import { chartState } from '@odonto/domain/chart-state';
import {
  entryFieldsFromForm,
  treatmentForm,
  treatmentNeedsTooth,
  type HistoryObj,
  type HistoryPicture,
  type TreatmentFormData,
  type TreatmentFormInput,
} from '@odonto/domain/contracts/history';
import {
  pictureName,
  pictureThumbnailPath,
  PICTURE_RANDOM_LIMIT,
} from '@odonto/domain/contracts/history-pictures';
import { doctor, type Patient, type PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { OpenPlanItem, PlanItemRef } from '@odonto/domain/contracts/plans';
import { toIsoDay } from '@odonto/domain/dates';
import { isTooth, TOOTH_IDS, toothLabel, type ToothId } from '@odonto/domain/teeth';
import { showServerFieldErrors } from '../../lib/form';
import { request } from '../../lib/http';
import { askConfirmation } from '../../ui/confirm-host';
import { DATE_PICKER_A11Y } from '../../ui/date-labels';
import { Dropdown } from '../../ui/dropdown';
import { FileUpload } from '../../ui/file-upload';
import { FormErrorSummary } from '../../ui/form-errors';
import { savedFileName } from '../../ui/file-name';
import { openModal, registerModal, type ModalControls } from '../../ui/modals';
import './cancel-entry-modal';
import { useRefreshPlans } from '../plans/open-items-api';
import { EntrySignatureButton } from '../signatures/entry-signature-button';
import {
  InstrumentsPanel,
  toUsedInstruments,
  type InstrumentsPanelProps,
} from '../sterilisation/instruments-panel';
import {
  useDeletePunte,
  useDeleteTreatment,
  useSaveHistory,
  useSavePunte,
  useUpdateHistory,
  type PictureUpload,
} from './api';
import { PlanItemField } from './plan-item-field';

export const DELETE_TREATMENT_QUESTION = 'Sunteți sigur că doriți să ștergeți acest tratament?';
export const SERVER_ERROR_ALERT = 'Eroare server, va rugam contactati web master.';
export const TOOTH_PLACEHOLDER = 'Alegeți dintele';
export const BRIDGE_TOOTH_PLACEHOLDER = 'dinte origine';

/** The fields' labels, in the form's order, for the list of errors above it. */
const FIELD_LABELS = {
  createdAt: 'Data',
  dinte: 'Dinte',
  dinteDestinatie: 'Dinte destinație',
  denumire: 'Tratament',
  medic: 'Medic',
  detalii: 'Detalii',
};

export interface TreatmentModalProps {
  patient: Patient;
  /** The entry to update, or null for a new one. */
  entryId: number | null;
  /** The signed-in user's name when they are a medic: the default treating doctor of a new entry. */
  defaultMedic: string | null;
  /** A new entry's tooth, chosen beforehand (on the dental chart). */
  dinte?: ToothId | null;
  /** One of SPEC.md §4's kind filters (the chart's): the treatment list offers only that kind. */
  kind?: TreatmentKindId | null;
}

declare module '../../ui/modals' {
  interface ModalPropsByName {
    'add-treatment': TreatmentModalProps;
  }
}

/** GET /api/get-medici: the active doctors (the same cache entry the patient screens use). */
function useDoctorNames() {
  return useQuery({
    queryKey: ['doctors'],
    queryFn: ({ signal }) => request('/api/get-medici', { schema: z.array(doctor), signal }),
    staleTime: 5 * 60_000,
    select: (doctors) => doctors.map((entry) => entry.nume),
  });
}

const CATALOGUE_NAMES = TREATMENT_CATALOGUE.map((entry) => entry.name);
const toothOption = (tooth: ToothId) => ({ value: tooth, label: toothLabel(tooth) });

/** The used-instruments panel (the sterilisation feature); a bridge saved through save-punte takes none. */
function InstrumentsSlot(props: InstrumentsPanelProps & { hidden: boolean }) {
  const { hidden, ...panel } = props;
  return hidden ? null : <InstrumentsPanel {...panel} />;
}

/** The patient's signature button (the signatures feature): signs the saved entry. */
function SignatureSlot({ patientId, entry }: { patientId: string; entry: PatientHistoryEntry | null }) {
  return <EntrySignatureButton patientId={patientId} entry={entry} />;
}

/** A new entry's id: its creation time in milliseconds (SPEC.md §9). */
function newEntryId(): number {
  return Date.now();
}

interface ChosenPicture {
  file: File;
  savedName: string;
}

function uploadOf(entryId: number, chosen: ChosenPicture | null): PictureUpload | null {
  if (!chosen) return null;
  const random = Math.floor(Math.random() * PICTURE_RANDOM_LIMIT);
  return { name: pictureName(entryId, random, chosen.savedName), file: chosen.file };
}

export function TreatmentModal({
  patient,
  entryId,
  defaultMedic,
  dinte: chosenTooth = null,
  kind = null,
  close,
}: TreatmentModalProps & ModalControls) {
  const original: PatientHistoryEntry | null = useMemo(
    () => (entryId === null ? null : (patient.history.find((entry) => entry.id === entryId) ?? null)),
    [patient.history, entryId],
  );
  const mode = original ? 'update' : 'create';
  const isOriginalBridge = original !== null && isBridge(original.denumire);
  const chart = useMemo(() => chartState(patient.history, patient.dintiStersi), [patient]);
  const [now] = useState(() => new Date());
  const schema = useMemo(
    () =>
      treatmentForm({
        mode,
        now,
        chart,
        original: original && {
          id: original.id,
          denumire: original.denumire,
          dinte: original.dinte,
          dinteDestinatie: original.dinteDestinatie,
        },
      }),
    [mode, now, chart, original],
  );
  const form = useForm<TreatmentFormInput, unknown, TreatmentFormData>({
    resolver: zodResolver(schema),
    defaultValues: {
      createdAt: original ? toIsoDay(original.createdAt) : toIsoDay(now),
      dinte: original ? original.dinte : chosenTooth,
      dinteDestinatie: original?.dinteDestinatie ?? null,
      denumire: original?.denumire ?? '',
      medic: original ? original.medic : (defaultMedic ?? ''),
      detalii: original?.detalii ?? '',
    },
  });
  const { control, handleSubmit, setValue } = form;
  const denumire = useWatch({ control, name: 'denumire' });
  const dinte = useWatch({ control, name: 'dinte' });
  const bridgeMode = isBridge(denumire);
  const [before, setBefore] = useState<ChosenPicture | null>(null);
  const [after, setAfter] = useState<ChosenPicture | null>(null);
  const [removedPictures, setRemovedPictures] = useState<readonly string[]>([]);
  const [instruments, setInstruments] = useState<InstrumentsPanelProps['selected']>([]);
  const [planItem, setPlanItem] = useState<PlanItemRef | null>(null);
  const linkedPlanItem = original?.planItem ?? null;
  const refreshPlans = useRefreshPlans();
  const keptPictures = original ? original.pics.filter((pic) => !removedPictures.includes(pic.name)) : [];
  const doctors = useDoctorNames();

  const saveHistory = useSaveHistory(patient._id);
  const updateHistory = useUpdateHistory(patient._id);
  const savePunte = useSavePunte(patient._id);
  const deleteTreatment = useDeleteTreatment(patient._id);
  const deletePunte = useDeletePunte(patient._id);
  const isBusy =
    saveHistory.isPending ||
    updateHistory.isPending ||
    savePunte.isPending ||
    deleteTreatment.isPending ||
    deletePunte.isPending;

  const toothOptions = useMemo(() => {
    if (!bridgeMode || isOriginalBridge) return TOOTH_IDS.map(toothOption);
    return crownCandidates(chart).map(toothOption);
  }, [bridgeMode, isOriginalBridge, chart]);
  const destinationOptions = useMemo(() => {
    if (original?.dinteDestinatie) return [toothOption(original.dinteDestinatie)];
    const start = typeof dinte === 'string' && isTooth(dinte) ? dinte : null;
    return start ? destinationCandidates(start, chart).map(toothOption) : [];
  }, [original, dinte, chart]);
  const doctorOptions = useMemo(() => {
    const names = doctors.data ?? [];
    const current = form.getValues('medic');
    return current && !names.includes(current) ? [current, ...names] : names;
  }, [doctors.data, form]);

  function handleTreatmentChange(name: string | null) {
    setValue('denumire', name ?? '', { shouldValidate: form.formState.isSubmitted });
    if (!isBridge(name)) {
      setValue('dinteDestinatie', null);
      return;
    }
    const tooth = form.getValues('dinte');
    if (!isOriginalBridge && tooth && !crownCandidates(chart).some((id) => id === tooth)) {
      setValue('dinte', null);
    }
  }

  function handleToothChange(tooth: string | null) {
    setValue('dinte', tooth, { shouldValidate: form.formState.isSubmitted });
    if (mode === 'create') setValue('dinteDestinatie', null);
    // Another tooth: the plan item is chosen again, among that tooth's.
    setPlanItem(null);
  }

  /** A plan item chosen: its catalogue treatment and, when none is chosen yet, its tooth. */
  function handlePlanItemChange(item: OpenPlanItem | null) {
    const entry = item?.catalogueId != null ? catalogueEntryById(item.catalogueId) : undefined;
    if (entry) handleTreatmentChange(entry.name);
    const [firstTooth] = item?.teeth ?? [];
    if (item && !form.getValues('dinte') && firstTooth && isTooth(firstTooth)) {
      setValue('dinte', firstTooth, { shouldValidate: form.formState.isSubmitted });
    }
    setPlanItem(item && { planId: item.planId, itemId: item.itemId });
  }

  async function save(data: TreatmentFormData) {
    const placement = entryFieldsFromForm(data);
    try {
      if (!original) {
        const id = newEntryId();
        if (
          placement.type === 'punte' &&
          placement.dinte &&
          placement.dinteStart &&
          placement.dinteDestinatie
        ) {
          await savePunte.mutateAsync({
            type: 'punte',
            denumire: placement.denumire,
            createdAt: data.createdAt,
            id,
            side: placement.side ?? 'top',
            dinte: placement.dinte,
            dinteStart: placement.dinteStart,
            dinteDestinatie: placement.dinteDestinatie,
            start: placement.start ?? 0,
            end: placement.end ?? 0,
            direction: placement.direction ?? 'right',
            fill: placement.fill ?? '#000000',
            medic: data.medic,
            detalii: data.detalii,
          });
        } else {
          const uploads = [uploadOf(id, before), uploadOf(id, after)].filter(
            (upload): upload is PictureUpload => upload !== null,
          );
          const pics: HistoryPicture[] = uploads.map((upload, index) => ({
            name: upload.name,
            w: 0,
            h: 0,
            index,
          }));
          const obj: HistoryObj = {
            id,
            ...placement,
            createdAt: data.createdAt,
            pics,
            deleted: [],
            sterilizari: [],
            detalii: data.detalii,
            signature: null,
            medic: data.medic,
            ...(planItem ? { planItem } : {}),
          };
          await saveHistory.mutateAsync({
            obj,
            pictures: uploads,
            usedInstruments: toUsedInstruments(instruments),
          });
        }
      } else {
        const uploads = [uploadOf(original.id, before), uploadOf(original.id, after)].filter(
          (upload): upload is PictureUpload => upload !== null,
        );
        const firstIndex = original.pics.reduce((max, pic) => Math.max(max, pic.index + 1), 0);
        // The entry's plan link stays as it is unless an item is chosen now (contracts/history.ts).
        const { updated_at: _updatedAt, version, planItem: _linked, ...stored } = original;
        const obj = {
          ...stored,
          ...placement,
          createdAt: data.createdAt,
          pics: [
            ...keptPictures,
            ...uploads.map((upload, index) => ({ name: upload.name, w: 0, h: 0, index: firstIndex + index })),
          ],
          deleted: [...removedPictures],
          detalii: data.detalii,
          medic: data.medic,
          ...(planItem ? { planItem } : {}),
          version,
        };
        await updateHistory.mutateAsync({
          obj,
          pictures: uploads,
          usedInstruments: toUsedInstruments(instruments),
        });
      }
      if (planItem || linkedPlanItem) void refreshPlans();
      close();
    } catch (error) {
      // A bridge's start tooth is the modal's tooth.
      if (showServerFieldErrors(form, error, { dinteStart: 'dinte' })) return;
      window.alert(SERVER_ERROR_ALERT);
    }
  }

  async function handleDelete() {
    if (!original) return;
    if (!(await askConfirmation(DELETE_TREATMENT_QUESTION))) return;
    try {
      if (original.type === 'punte') await deletePunte.mutateAsync(original.id);
      else await deleteTreatment.mutateAsync(original.id);
      // Deleting a linked entry reopens its plan item.
      if (linkedPlanItem) void refreshPlans();
      close();
    } catch {
      window.alert(SERVER_ERROR_ALERT);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} aria-label="Tratament">
      <Stack gap="sm">
        <FormErrorSummary form={form} labels={FIELD_LABELS} />
        <Controller
          control={control}
          name="createdAt"
          render={({ field, fieldState }) => (
            <DatePickerInput
              ref={field.ref}
              name={field.name}
              label={FIELD_LABELS.createdAt}
              withAsterisk
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              minDate={mode === 'create' ? toIsoDay(now) : undefined}
              valueFormat="Do MMM YYYY"
              locale="ro"
              firstDayOfWeek={1}
              {...DATE_PICKER_A11Y}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="dinte"
          render={({ field, fieldState }) => (
            <Dropdown
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              label={FIELD_LABELS.dinte}
              placeholder={bridgeMode ? BRIDGE_TOOTH_PLACEHOLDER : TOOTH_PLACEHOLDER}
              data={toothOptions}
              value={typeof field.value === 'string' ? field.value : null}
              onChange={handleToothChange}
              disabled={isOriginalBridge}
              withAsterisk={treatmentNeedsTooth(denumire)}
              error={fieldState.error?.message}
            />
          )}
        />
        {bridgeMode ? (
          <Controller
            control={control}
            name="dinteDestinatie"
            render={({ field, fieldState }) => (
              <Dropdown
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                label={FIELD_LABELS.dinteDestinatie}
                placeholder="dinte destinație"
                data={destinationOptions}
                value={typeof field.value === 'string' ? field.value : null}
                onChange={(value) => field.onChange(value)}
                disabled={mode === 'update'}
                withAsterisk
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
        {bridgeMode && !linkedPlanItem ? null : (
          <PlanItemField
            patientId={patient._id}
            tooth={typeof dinte === 'string' ? dinte : null}
            value={planItem}
            onChange={handlePlanItemChange}
            linked={linkedPlanItem}
            disabled={isBusy}
          />
        )}
        <Controller
          control={control}
          name="denumire"
          render={({ field, fieldState }) => (
            <Dropdown
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              label={FIELD_LABELS.denumire}
              placeholder="Alegeți tratamentul"
              data={kind && !original ? catalogueOfKind(kind).map((entry) => entry.name) : CATALOGUE_NAMES}
              value={field.value || null}
              onChange={handleTreatmentChange}
              disabled={isOriginalBridge}
              withAsterisk
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="medic"
          render={({ field, fieldState }) => (
            <Dropdown
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              label={FIELD_LABELS.medic}
              placeholder="Alegeți medicul"
              data={doctorOptions}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              withAsterisk
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="detalii"
          render={({ field, fieldState }) => (
            <Textarea
              {...field}
              value={field.value ?? ''}
              label={FIELD_LABELS.detalii}
              rows={5}
              error={fieldState.error?.message}
            />
          )}
        />
        {keptPictures.length > 0 ? (
          <Group gap="xs" aria-label="Imagini salvate">
            {keptPictures.map((pic) => (
              <Stack key={pic.name} gap={2} align="center">
                <Image
                  src={pictureThumbnailPath(patient._id, pic.name)}
                  alt={pic.name}
                  w={64}
                  h={64}
                  fit="cover"
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Șterge imaginea ${pic.name}`}
                  onClick={() => setRemovedPictures((names) => [...names, pic.name])}
                >
                  ×
                </ActionIcon>
              </Stack>
            ))}
          </Group>
        ) : null}
        {bridgeMode && mode === 'create' ? null : (
          <Group grow align="flex-start">
            <FileUpload
              label="Înainte"
              value={before?.file ?? null}
              onChange={(file) =>
                setBefore(file ? { file, savedName: savedFileName('inainte', file.name) } : null)
              }
            />
            <FileUpload
              label="După"
              value={after?.file ?? null}
              onChange={(file) =>
                setAfter(file ? { file, savedName: savedFileName('dupa', file.name) } : null)
              }
            />
          </Group>
        )}
        <InstrumentsSlot
          hidden={mode === 'create' && bridgeMode}
          used={original?.sterilizari ?? []}
          selected={instruments}
          onChange={setInstruments}
          disabled={isBusy}
        />
        <SignatureSlot patientId={patient._id} entry={original} />
        <Group justify="space-between">
          <Group>
            {original?.signature ? (
              <Button
                color="red"
                variant="light"
                disabled={isBusy}
                onClick={() => {
                  close();
                  openModal('delete-dialog', { patientId: patient._id, entry: original });
                }}
              >
                Anulează
              </Button>
            ) : original ? (
              <Button color="red" variant="light" onClick={() => void handleDelete()} disabled={isBusy}>
                Șterge
              </Button>
            ) : null}
          </Group>
          <Button type="submit" loading={isBusy}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

registerModal('add-treatment', {
  component: TreatmentModal,
  title: (props) => (props.entryId === null ? 'Adaugă tratament' : 'Modifică tratament'),
  size: 'lg',
});
