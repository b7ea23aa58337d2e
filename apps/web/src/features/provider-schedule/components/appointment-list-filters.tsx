// The label beside its box (Checkbox.css alone puts it underneath).
import { Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPOINTMENT_LIST_STATUSES,
  resolveListRange,
  type AppointmentListStatus,
  type AppointmentListType,
} from '@app/contracts/provider-appointments';
import type { WorkspaceClinic } from '@app/contracts/provider-workspace';
import { Button } from '../../../components/ui/button.tsx';
import { useDepartments, useProviders } from '../../../lib/provider/clinic-lists.ts';
import { MOBILE_MAX_WIDTH } from '../../provider-shell/nav-items.ts';
import { activeFilterCount, type ListFilters } from '../appointment-list-query.ts';

interface FiltersProps {
  filters: ListFilters;
  clinicId: string;
  clinics: readonly WorkspaceClinic[];
  /** What the server answered for the current filters: the range shown and today (its clock). */
  answered: { from: string; to: string; today: string; minDate: string; maxDate: string } | null;
  onApply: (next: ListFilters) => void;
  onReset: () => void;
}

type VisitType = 'all' | AppointmentListType;

/**
 * The filters of /provider/appointments (decision 0039): date range, clinic (when the token names
 * several), patient name, providers, departments, statuses and visit type. They apply on submit (one
 * request, one history entry); the range is checked with the server's own rule before it is asked.
 */
export function AppointmentListFilters({
  filters,
  clinicId,
  clinics,
  answered,
  onApply,
  onReset,
}: FiltersProps) {
  const { t } = useTranslation('providerSchedule');
  const panelId = useId();
  const mobile = useMediaQuery(`(max-width: ${String(MOBILE_MAX_WIDTH)}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [openChoice, setOpenChoice] = useState<boolean | null>(null);
  const open = openChoice ?? !mobile;
  const shownFrom = filters.from ?? answered?.from ?? '';
  const shownTo = filters.to ?? answered?.to ?? '';
  const [clinic, setClinic] = useState(clinicId);
  const [from, setFrom] = useState(shownFrom);
  const [to, setTo] = useState(shownTo);
  const [q, setQ] = useState(filters.q);
  const [providerIds, setProviderIds] = useState(filters.providerIds);
  const [departmentUuids, setDepartmentUuids] = useState(filters.departmentUuids);
  const [statuses, setStatuses] = useState<AppointmentListStatus[]>(filters.statuses);
  const [visitType, setVisitType] = useState<VisitType>(
    filters.types.length === 1 && filters.types[0] ? filters.types[0] : 'all',
  );
  const [rangeError, setRangeError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const providers = useProviders(clinic, []);
  const departments = useDepartments(clinic);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A date left as the server filled it in stays unwritten: the list keeps following "today".
    const nextFrom = from && (filters.from || from !== answered?.from) ? from : null;
    const nextTo = to && (filters.to || to !== answered?.to) ? to : null;
    if (answered) {
      const range = resolveListRange(nextFrom ?? undefined, nextTo ?? undefined, answered.today);
      if (!range.ok) {
        setRangeError({ field: range.field, message: range.message });
        return;
      }
    }
    setRangeError(null);
    const sameClinic = clinic === clinicId;
    onApply({
      clinic: clinics.length > 1 ? clinic : null,
      from: nextFrom,
      to: nextTo,
      // Providers and departments belong to one clinic: another clinic starts without them.
      providerIds: sameClinic ? providerIds : [],
      departmentUuids: sameClinic ? departmentUuids : [],
      statuses,
      types: visitType === 'all' ? [] : [visitType],
      q: q.trim(),
      page: 1,
    });
  };

  const active = activeFilterCount(filters);

  return (
    <section aria-labelledby={`${panelId}-title`} className="appointment-filters">
      <Group justify="space-between" align="center">
        <h2 id={`${panelId}-title`} className="appointment-filters__title">
          {t('list_filters')}
          {active > 0 ? ` (${String(active)})` : ''}
        </h2>
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpenChoice(!open);
          }}
        >
          {open ? t('list_hideFilters') : t('list_showFilters')}
        </Button>
      </Group>
      <form id={panelId} hidden={!open} onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            {clinics.length > 1 ? (
              <NativeSelect
                label={t('list_clinic')}
                value={clinic}
                data={clinics.map((item) => ({ value: item.id, label: item.name }))}
                onChange={(event) => {
                  setClinic(event.currentTarget.value);
                }}
              />
            ) : null}
            <TextInput
              type="search"
              label={t('list_search')}
              value={q}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => {
                setQ(event.currentTarget.value);
              }}
            />
            <TextInput
              type="date"
              label={t('list_from')}
              value={from}
              min={answered?.minDate}
              max={answered?.maxDate}
              error={rangeError?.field === 'from' ? rangeError.message : undefined}
              onChange={(event) => {
                setFrom(event.currentTarget.value);
              }}
            />
            <TextInput
              type="date"
              label={t('list_to')}
              value={to}
              min={answered?.minDate}
              max={answered?.maxDate}
              error={rangeError?.field === 'to' ? rangeError.message : undefined}
              onChange={(event) => {
                setTo(event.currentTarget.value);
              }}
            />
            <NativeSelect
              label={t('list_visitType')}
              value={visitType}
              data={[
                { value: 'all', label: t('list_anyType') },
                { value: 'office', label: t('list_typeOffice') },
                { value: 'video_call', label: t('list_typeVideo') },
              ]}
              onChange={(event) => {
                setVisitType(event.currentTarget.value as VisitType);
              }}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Checkbox.Group
              label={t('list_statuses')}
              value={statuses}
              onChange={(value) => {
                setStatuses(APPOINTMENT_LIST_STATUSES.filter((status) => value.includes(status)));
              }}
            >
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt={6}>
                {APPOINTMENT_LIST_STATUSES.map((status) => (
                  <Checkbox key={status} value={status} label={t(`status_${status}`)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Checkbox.Group label={t('list_providers')} value={providerIds} onChange={setProviderIds}>
              <Stack gap={6} mt={6}>
                {(providers.data ?? []).map((provider) => (
                  <Checkbox key={provider.id} value={provider.id} label={provider.name} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Checkbox.Group
              label={t('list_departments')}
              value={departmentUuids}
              onChange={setDepartmentUuids}
            >
              <Stack gap={6} mt={6}>
                {(departments.data ?? []).map((department) => (
                  <Checkbox
                    key={department.uuid}
                    value={department.uuid}
                    label={
                      department.location ? `${department.name} (${department.location})` : department.name
                    }
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit">{t('list_apply')}</Button>
            <Button variant="outline" onClick={onReset}>
              {t('list_reset')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
