import { useEffect, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConsultationTypeList } from '../api/list-consultation-types.ts';
import { useDepartmentList } from '../api/list-departments.ts';
import { Busy } from './busy.tsx';
import type { BookingContext } from './booking-context.ts';
import { ProviderHeader } from './provider-header.tsx';
import { StepHeading } from './step-heading.tsx';

/** After the consultation type: the recurring list (Recurring Visit tab) or the time slots (spec 2 §4). */
function nextStep(context: BookingContext) {
  return context.flow.get('mode') === 'recurring' ? 'recurring-visit' : 'time-slots';
}

/**
 * spec 2 §2 consultation type screen: Location select, 'Reason for visit' radio list, the grey
 * 'Important' message, CONFIRM only when both are chosen (§5); skipped with one department and one type.
 */
export function ConsultationTypeStep({ context }: { context: BookingContext }) {
  const { t } = useTranslation('booking');
  const { flow, clinicUuid, careManager } = context;
  const providerId = flow.get('providerId');
  const visitTypeId = flow.get('visitTypeId') ?? undefined;
  const departments = useDepartmentList(providerId ? { clinicUuid, providerId, visitTypeId } : null);
  const departmentList = departments.data?.departments;
  const filterDepartment = flow.get('departmentId');
  const [departmentUuid, setDepartmentUuid] = useState<string | null>(null);
  const preset =
    departmentList?.find((department) => department.uuid === filterDepartment)?.uuid ??
    (departmentList?.length === 1 ? departmentList[0]?.uuid : undefined) ??
    null;
  const chosenDepartment = departmentUuid ?? preset;
  const types = useConsultationTypeList(
    providerId && chosenDepartment
      ? {
          clinicUuid,
          providerId,
          visitTypeId,
          departmentUuid: chosenDepartment,
          booking: careManager ? 'internal' : undefined,
        }
      : null,
  );
  const [typeId, setTypeId] = useState<string | null>(null);
  const typeList = types.data?.consultationTypes;
  const chosenType = typeList?.find((type) => type.id === typeId) ?? null;

  // spec 2 §4: one department and one consultation type skip this screen.
  const only = departmentList?.length === 1 && typeList?.length === 1 ? typeList[0] : undefined;
  const { goTo } = flow;
  const next = nextStep(context);
  useEffect(() => {
    if (only && chosenDepartment) {
      goTo(next, { departmentId: chosenDepartment, consultationTypeId: only.id }, { replace: true });
    }
  }, [only, chosenDepartment, goTo, next]);

  if (!providerId) {
    return <Alert color="red">{t('confirm.missing')}</Alert>;
  }
  return (
    <Stack gap="lg" maw={640}>
      <StepHeading>{t('consultation.title')}</StepHeading>
      <ProviderHeader clinicUuid={clinicUuid} providerId={providerId} />
      {departments.isError || types.isError ? <Alert color="red">{t('loadError')}</Alert> : null}
      {departments.isPending || only ? <Busy /> : null}
      {departmentList && !only ? (
        <>
          <NativeSelect
            label={t('consultation.location')}
            required
            value={chosenDepartment ?? ''}
            data={[
              { value: '', label: t('consultation.locationPlaceholder') },
              ...departmentList.map((department) => ({ value: department.uuid, label: department.name })),
            ]}
            onChange={(event) => {
              setDepartmentUuid(event.currentTarget.value || null);
              setTypeId(null);
            }}
          />
          {chosenDepartment && types.isPending ? <Busy /> : null}
          {typeList ? (
            typeList.length === 0 ? (
              <Text>{t('consultation.none')}</Text>
            ) : (
              <Radio.Group
                label={t('consultation.reason')}
                required
                value={typeId ?? ''}
                onChange={(value) => {
                  setTypeId(value);
                }}
              >
                <Stack gap="xs" mt="xs">
                  {typeList.map((type) => (
                    <Radio key={type.id} value={type.id} label={type.title} />
                  ))}
                </Stack>
              </Radio.Group>
            )
          ) : null}
          {chosenType?.consultationTypeMessage ? (
            <Paper bg="gray.1" p="md" role="note" aria-labelledby="booking-important">
              <Text fw={700} id="booking-important">
                {t('consultation.important')}
              </Text>
              <Text>{chosenType.consultationTypeMessage}</Text>
            </Paper>
          ) : null}
          <Group>
            <Button
              disabled={!chosenType || !chosenDepartment}
              onClick={() => {
                if (chosenType && chosenDepartment) {
                  goTo(next, { departmentId: chosenDepartment, consultationTypeId: chosenType.id });
                }
              }}
            >
              {t('consultation.confirm')}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
