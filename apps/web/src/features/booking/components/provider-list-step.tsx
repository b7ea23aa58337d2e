import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ADVANCED_FILTER_KINDS,
  PROVIDER_ROW_SLOT_COUNT,
  REPEAT_PERIODS,
  type AdvancedFilterKind,
  type SchedulingOptions,
  type SchedulingProvider,
} from '@app/contracts/scheduling';
import { dayjs } from '../../../lib/dates/dayjs.ts';
import { useSchedulingOptions } from '../api/get-scheduling-options.ts';
import { useProviderList, type ProviderListParams } from '../api/list-providers.ts';
import { currentUserQueryOptions } from '../../auth/api/get-current-user.ts';
import { addressQuery } from '../../demographics/api/get-address.ts';
import { insuranceCardsQuery } from '../../insurance/api/list-insurance-cards.ts';
import {
  joinLabels,
  missingFilters,
  profileFilters,
  recurringNeedsPeriod,
  type MissingFilter,
} from '../booking-rules.ts';
import type { bookingEn } from '../i18n/en.ts';
import { Busy } from './busy.tsx';
import type { BookingContext } from './booking-context.ts';
import { InfoDialog } from './info-dialog.tsx';
import { StepHeading } from './step-heading.tsx';
import { formatAtOffset } from '../../../lib/dates/format-time.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const ADVANCED_PARAM: Record<AdvancedFilterKind, string> = {
  language: 'languageIds',
  modality: 'modalityIds',
  gender: 'genderIds',
  allyship: 'allyshipIds',
  ethnicity: 'ethnicityIds',
};
const LABEL_KEY: Record<MissingFilter, keyof typeof bookingEn> = {
  state: 'almostDone.labelState',
  insurance: 'almostDone.labelInsurance',
  specialty: 'almostDone.labelSpecialty',
  visitType: 'almostDone.labelVisitType',
};

function listParam(value: string | null): string[] {
  return value ? value.split(',').filter((item) => item.length > 0) : [];
}

/** The recurring weekdays of the query ('1,3'), as numbers. */
export function daysParam(value: string | null): number[] {
  return listParam(value)
    .map(Number)
    .filter((day) => Number.isInteger(day) && day >= 1 && day <= 7);
}

export function repeatPeriodParam(value: string | null): number | null {
  const period = Number(value);
  return (REPEAT_PERIODS as readonly number[]).includes(period) ? period : null;
}

/**
 * spec 2 §5: the advanced filters apply only when the form is valid. Decision 0017: the date of birth
 * is required as soon as another advanced filter is chosen (providers see patients of some ages).
 */
export function advancedFilterState(search: URLSearchParams, today: string) {
  const birthDate = search.get('birthDate') ?? '';
  const accepting = search.get('acceptingNewPatients');
  const chosen = ADVANCED_FILTER_KINDS.some((kind) => listParam(search.get(ADVANCED_PARAM[kind])).length > 0);
  const required = chosen || accepting !== null;
  const birthDateValid =
    /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && dayjs.utc(birthDate).isValid() && birthDate <= today;
  const birthDateError = (required && birthDate === '') || (birthDate !== '' && !birthDateValid);
  return { birthDate, accepting, required, birthDateError, valid: !birthDateError };
}

function useProviderParams(context: BookingContext, showAdvanced: boolean): ProviderListParams {
  const { flow, clinicUuid, careManager } = context;
  const { search } = flow;
  return useMemo(() => {
    const params: ProviderListParams = { clinicUuid };
    for (const key of [
      'stateId',
      'insuranceId',
      'specialtyId',
      'visitTypeId',
      'departmentId',
      'fromDate',
    ] as const) {
      const value = search.get(key);
      if (value) {
        params[key] = value;
      }
    }
    if (careManager) {
      params.internalBooking = true;
      const advanced = advancedFilterState(search, dayjs().format('YYYY-MM-DD'));
      if (showAdvanced && advanced.valid) {
        if (advanced.birthDate) {
          params.birthDate = advanced.birthDate;
        }
        if (advanced.accepting === 'true' || advanced.accepting === 'false') {
          params.acceptingNewPatients = advanced.accepting === 'true';
        }
        for (const kind of ADVANCED_FILTER_KINDS) {
          const ids = search.get(ADVANCED_PARAM[kind]);
          if (ids) {
            params[ADVANCED_PARAM[kind] as keyof ProviderListParams] = ids;
          }
        }
      }
    }
    return params;
  }, [clinicUuid, careManager, search, showAdvanced]);
}

/**
 * Issue 18: a patient booking for themselves starts with State and Insurance from their profile (the
 * address's state, the insurance company of their cards). Applied once, after the profile arrived, and
 * only to a filter that is still empty and that the person has not touched: a choice made while the
 * page was loading stays.
 */
function useProfilePrefill(
  context: BookingContext,
  options: SchedulingOptions | undefined,
  touched: { current: Set<string> },
) {
  const { flow, clinicUuid } = context;
  const own = flow.patientId === null && flow.step === 'providers';
  const me = useQuery({ ...currentUserQueryOptions(), enabled: own });
  const userId = me.data?.id ?? '';
  const meta = { errorBanner: false };
  const address = useQuery({ ...addressQuery(clinicUuid, userId), enabled: own && userId !== '', meta });
  const cards = useQuery({ ...insuranceCardsQuery(clinicUuid, userId), enabled: own && userId !== '', meta });
  const applied = useRef(false);
  const { get, setQuery } = flow;
  useEffect(() => {
    if (applied.current || !own || !options || address.isPending || cards.isPending) {
      return;
    }
    applied.current = true;
    const names = [...(cards.data ?? [])]
      .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'primary' ? -1 : 1))
      .map((card) => card.ircName);
    const filters = profileFilters(options, {
      stateId: address.data?.stateId ?? null,
      insuranceNames: names,
    });
    const values = Object.fromEntries(
      Object.entries(filters).filter(([key]) => !touched.current.has(key) && !get(key)),
    );
    if (Object.keys(values).length > 0) {
      setQuery(values);
    }
  }, [own, options, address.isPending, address.data, cards.isPending, cards.data, get, setQuery, touched]);
}

/** spec 2 §2 provider list (booking start): tabs, filters, provider rows, 'Almost done!' dialogs. */
export function ProviderListStep({ context }: { context: BookingContext }) {
  const { t } = useTranslation('booking');
  const { flow, clinicUuid, careManager } = context;
  const options = useSchedulingOptions(clinicUuid);
  const [showAdvanced, setShowAdvanced] = useState(() =>
    [...ADVANCED_FILTER_KINDS.map((kind) => ADVANCED_PARAM[kind]), 'birthDate', 'acceptingNewPatients'].some(
      (key) => flow.search.has(key),
    ),
  );
  const [dialog, setDialog] = useState<string | null>(null);
  const params = useProviderParams(context, showAdvanced);
  const providers = useProviderList(options.data ? params : null);
  // The filters the person changed on this page (the profile does not overwrite them).
  const touched = useRef(new Set<string>());
  useProfilePrefill(context, options.data, touched);
  const onChoose = (key: string) => {
    touched.current.add(key);
  };

  const modules = options.data?.modules ?? [];
  // spec 2 §2: the Recurring Visit tab is for the care manager, when the clinic module is active.
  const recurringTab = careManager && modules.includes('recurring-visit');
  const advancedModule = careManager && modules.includes('advanced-scheduling-filters');
  const tab = recurringTab && flow.get('tab') === 'recurring' ? 'recurring' : 'filters';

  function scheduleNow(provider: SchedulingProvider) {
    if (!options.data) {
      return;
    }
    const missing = missingFilters(
      options.data,
      {
        stateId: flow.get('stateId'),
        insuranceId: flow.get('insuranceId'),
        specialtyId: flow.get('specialtyId'),
        visitTypeId: flow.get('visitTypeId'),
      },
      careManager,
    );
    if (missing.length > 0) {
      const labels = joinLabels(
        missing.map((item) => t(LABEL_KEY[item])),
        t('almostDone.and'),
      );
      setDialog(t('almostDone.filters', { labels }));
      return;
    }
    const recurring = tab === 'recurring';
    const days = daysParam(flow.get('days'));
    const period = repeatPeriodParam(flow.get('repeatPeriod'));
    if (recurring && (recurringNeedsPeriod(days, period) || period === null)) {
      setDialog(t('almostDone.recurring'));
      return;
    }
    flow.goTo('consultation-types', { providerId: provider.id, mode: recurring ? 'recurring' : null });
  }

  return (
    <Stack gap="lg">
      <StepHeading>{t('providers.title')}</StepHeading>
      {options.isError ? <Alert color="red">{t('loadError')}</Alert> : null}
      {options.data ? (
        <>
          {recurringTab ? (
            <Tabs
              keepMounted={false}
              value={tab}
              onChange={(value) => {
                flow.setQuery({ tab: value === 'recurring' ? 'recurring' : null });
              }}
            >
              <Tabs.List aria-label={t('providers.tabs')}>
                <Tabs.Tab value="filters">{t('providers.tabFilters')}</Tabs.Tab>
                <Tabs.Tab value="recurring">{t('providers.tabRecurring')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="filters" pt="md">
                <FilterForm
                  context={context}
                  options={options.data}
                  onChoose={onChoose}
                  advancedModule={advancedModule}
                  showAdvanced={showAdvanced}
                  onToggleAdvanced={() => {
                    setShowAdvanced((value) => !value);
                  }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="recurring" pt="md">
                <Stack>
                  <FilterForm
                    context={context}
                    options={options.data}
                    onChoose={onChoose}
                    advancedModule={false}
                    showAdvanced={false}
                    onToggleAdvanced={() => undefined}
                  />
                  <RecurringCriteria context={context} />
                </Stack>
              </Tabs.Panel>
            </Tabs>
          ) : (
            <FilterForm
              context={context}
              options={options.data}
              onChoose={onChoose}
              advancedModule={advancedModule}
              showAdvanced={showAdvanced}
              onToggleAdvanced={() => {
                setShowAdvanced((value) => !value);
              }}
            />
          )}
          <ProviderRows
            providers={providers.data?.providers}
            loading={providers.isPending}
            failed={providers.isError}
            onSchedule={scheduleNow}
            zones={options.data.departments.map((department) => department.timezone)}
          />
        </>
      ) : options.isPending ? (
        <Busy />
      ) : null}
      <InfoDialog
        opened={dialog !== null}
        title={t('almostDone.title')}
        message={dialog ?? ''}
        onClose={() => {
          setDialog(null);
        }}
      />
    </Stack>
  );
}

function FilterForm({
  context,
  options,
  onChoose,
  advancedModule,
  showAdvanced,
  onToggleAdvanced,
}: {
  context: BookingContext;
  options: SchedulingOptions;
  onChoose: (key: string) => void;
  advancedModule: boolean;
  showAdvanced: boolean;
  onToggleAdvanced: () => void;
}) {
  const { t } = useTranslation('booking');
  const { flow } = context;
  const today = dayjs().tz(options.timezone).format('YYYY-MM-DD');
  const filterCount =
    2 +
    (options.states.length > 1 ? 1 : 0) +
    (options.insurances.length > 0 ? 1 : 0) +
    (options.specialties.length > 0 ? 1 : 0);
  const select = (key: string, label: string, items: { id: string; name: string }[]) => (
    <NativeSelect
      label={label}
      value={flow.get(key) ?? ''}
      data={[
        { value: '', label: t('providers.any') },
        ...items.map((item) => ({ value: item.id, label: item.name })),
      ]}
      onChange={(event) => {
        onChoose(key);
        flow.setQuery({ [key]: event.currentTarget.value });
      }}
    />
  );
  return (
    <Stack gap="sm">
      {/* Issue 18: one filter a row on phones, two on tablets, all in one row on wide screens. */}
      <SimpleGrid cols={{ base: 1, sm: 2, md: filterCount }} spacing="sm" verticalSpacing="sm">
        {/* spec 2 §2: State only when more than one state exists. */}
        {options.states.length > 1 ? select('stateId', t('providers.state'), options.states) : null}
        {options.insurances.length > 0
          ? select('insuranceId', t('providers.insurance'), options.insurances)
          : null}
        {options.specialties.length > 0
          ? select('specialtyId', t('providers.specialty'), options.specialties)
          : null}
        {select('visitTypeId', t('providers.visitType'), options.visitTypes)}
        {select('departmentId', t('providers.location'), options.departments)}
      </SimpleGrid>
      <Group align="flex-end">
        <TextInput
          type="date"
          label={t('providers.from')}
          min={today}
          value={flow.get('fromDate') ?? ''}
          onChange={(event) => {
            flow.setQuery({ fromDate: event.currentTarget.value });
          }}
        />
        <Button
          variant="subtle"
          aria-label={t('providers.resetLabel')}
          onClick={() => {
            flow.setQuery({ fromDate: null });
          }}
        >
          {t('providers.reset')}
        </Button>
      </Group>
      {advancedModule ? (
        <>
          <Anchor
            component="button"
            type="button"
            aria-expanded={showAdvanced}
            aria-controls="booking-advanced-filters"
            onClick={onToggleAdvanced}
            style={{ alignSelf: 'flex-start' }}
          >
            {showAdvanced ? t('providers.less') : t('providers.more')}
          </Anchor>
          {showAdvanced ? <AdvancedFilters context={context} options={options} today={today} /> : null}
        </>
      ) : null}
    </Stack>
  );
}

/** spec 2 §2 care-manager advanced filters (module 'advanced-scheduling-filters'). */
function AdvancedFilters({
  context,
  options,
  today,
}: {
  context: BookingContext;
  options: SchedulingOptions;
  today: string;
}) {
  const { t } = useTranslation('booking');
  const { flow } = context;
  const state = advancedFilterState(flow.search, today);
  return (
    <Stack gap="sm" id="booking-advanced-filters">
      <TextInput
        type="date"
        label={t('providers.birthDate')}
        max={today}
        required={state.required}
        value={state.birthDate}
        // spec 2 §5: marked an error when required, even while pristine.
        error={state.birthDateError ? t('providers.birthDateRequired') : undefined}
        onChange={(event) => {
          flow.setQuery({ birthDate: event.currentTarget.value });
        }}
      />
      <Group align="flex-start" wrap="wrap" gap="xl">
        {ADVANCED_FILTER_KINDS.map((kind) => {
          const items = options.advancedFilters[kind];
          if (items.length === 0) {
            return null;
          }
          return (
            <Checkbox.Group
              key={kind}
              label={t(`providers.${kind}`)}
              value={listParam(flow.get(ADVANCED_PARAM[kind]))}
              onChange={(value) => {
                flow.setQuery({ [ADVANCED_PARAM[kind]]: value.join(',') });
              }}
            >
              <Stack gap={4} mt={4}>
                {items.map((item) => (
                  <Checkbox key={item.id} value={item.id} label={item.name} />
                ))}
              </Stack>
            </Checkbox.Group>
          );
        })}
      </Group>
      <Radio.Group
        label={t('providers.acceptingNewPatients')}
        value={state.accepting ?? ''}
        onChange={(value) => {
          flow.setQuery({ acceptingNewPatients: value });
        }}
      >
        <Group mt={4}>
          <Radio value="true" label={t('providers.yes')} />
          <Radio value="false" label={t('providers.no')} />
        </Group>
      </Radio.Group>
    </Stack>
  );
}

/** spec 2 §2/§9: repeat period (2, 3 or 4 weeks) and weekdays of a recurring series. */
export function RecurringCriteria({ context }: { context: BookingContext }) {
  const { t } = useTranslation('booking');
  const { flow } = context;
  const period = repeatPeriodParam(flow.get('repeatPeriod'));
  const days = daysParam(flow.get('days'));
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('providers.repeatPeriod')}
        value={period === null ? '' : String(period)}
        onChange={(value) => {
          flow.setQuery({ repeatPeriod: value });
        }}
      >
        <Group mt={4}>
          {REPEAT_PERIODS.map((weeks) => (
            <Radio key={weeks} value={String(weeks)} label={t('providers.weeks', { count: weeks })} />
          ))}
        </Group>
      </Radio.Group>
      <Checkbox.Group
        label={t('providers.days')}
        value={days.map(String)}
        onChange={(value) => {
          flow.setQuery({ days: value.map(Number).sort().join(',') });
        }}
      >
        <Group mt={4}>
          {WEEKDAYS.map((day) => (
            // ISO weekday 1 = Monday; 2024-01-01 was a Monday.
            <Checkbox
              key={day}
              value={String(day)}
              label={dayjs
                .utc('2024-01-01')
                .add(day - 1, 'day')
                .format('dddd')}
            />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}

function ProviderRows({
  providers,
  loading,
  failed,
  onSchedule,
  zones,
}: {
  providers: SchedulingProvider[] | undefined;
  loading: boolean;
  failed: boolean;
  onSchedule: (provider: SchedulingProvider) => void;
  /** The clinic's department zones, to name a slot's zone (issue 18 item 4). */
  zones: readonly string[];
}) {
  const { t, i18n } = useTranslation('booking');
  return (
    <section aria-labelledby="booking-provider-list">
      <Title order={2} size="h3" id="booking-provider-list" mb="sm">
        {t('providers.list')}
      </Title>
      {failed ? <Alert color="red">{t('loadError')}</Alert> : null}
      {loading ? <Busy /> : null}
      {providers && providers.length === 0 ? <Text>{t('providers.empty')}</Text> : null}
      <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }}>
        {providers?.map((provider) => (
          <Paper component="li" key={provider.id} withBorder p="md">
            <Group justify="space-between" wrap="wrap">
              <Group wrap="nowrap">
                <Avatar src={provider.image} alt="" radius="xl" size="lg">
                  {provider.firstName.slice(0, 1)}
                </Avatar>
                <Stack gap={2}>
                  <Title order={3} size="h4">
                    {provider.name}
                  </Title>
                  {provider.specialty ? <Text size="sm">{provider.specialty}</Text> : null}
                  <Text size="sm" fw={600} component="div">
                    {t('providers.firstSlots')}:{' '}
                    {provider.timeslotList.length === 0 ? (
                      t('providers.noSlots')
                    ) : (
                      <ul style={{ display: 'inline', padding: 0, margin: 0 }}>
                        {provider.timeslotList.slice(0, PROVIDER_ROW_SLOT_COUNT).map((slot, index) => (
                          <li key={slot.startAt} style={{ display: 'inline', fontWeight: 400 }}>
                            {index > 0 ? ' · ' : ''}
                            {formatAtOffset(slot.startAt, {
                              language: i18n.language,
                              style: 'weekdayTime',
                              zones,
                            })}
                          </li>
                        ))}
                      </ul>
                    )}
                  </Text>
                </Stack>
              </Group>
              <Button
                aria-label={t('providers.scheduleNowLabel', { name: provider.name })}
                onClick={() => {
                  onSchedule(provider);
                }}
              >
                {t('providers.scheduleNow')}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}
