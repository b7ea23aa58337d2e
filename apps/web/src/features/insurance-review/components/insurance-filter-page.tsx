import { useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { INSURANCE_FILTER_ACL_ROLES } from '@app/contracts/clinic-lists';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { providerDataQuery, saveProviderData } from '../../../lib/provider/provider-data.ts';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { providersQuery } from '../../../lib/provider/clinic-lists.ts';
import { reviewBase } from '../api/review-paths.ts';
import { useInsuranceFilters } from '../use-insurance-filters.ts';
import { MultiSelectField } from './multi-select-field.tsx';

/** Stored empty lists mean "all"; on screen every option is then chosen. */
const orAll = (stored: string[], all: string[]) =>
  stored.length === 0 ? all : stored.filter((id) => all.includes(id));

/**
 * spec 3 §2 Insurance cards filter (/provider/insurances/filter): locations and providers, APPLY stores
 * them under insuranceFilters (provider data storage) and returns to the list.
 */
export function InsuranceFilterPage() {
  const { t } = useTranslation('insuranceReview');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workspace = useProviderWorkspace();
  const clinicId = workspace.data?.clinicId ?? '';
  // The gate (PROVIDER_INSURANCE and USER_INSURANCE, spec 3 §6) is the router's guard.
  const hasWorkspace = workspace.data !== undefined;
  const { filters, departments } = useInsuranceFilters(hasWorkspace ? clinicId : undefined);
  const departmentIds = useMemo(() => departments.map((item) => item.uuid), [departments]);
  const [chosenDepartments, setChosenDepartments] = useState<string[] | null>(null);
  const [chosenProviders, setChosenProviders] = useState<string[] | null>(null);
  const locations = chosenDepartments ?? (filters ? orAll(filters.departmentUuidList, departmentIds) : []);
  const allLocations = locations.length === departmentIds.length;
  const providers = useQuery({
    ...providersQuery(clinicId, allLocations ? [] : locations),
    enabled: hasWorkspace && filters !== null,
  });
  // spec 3 §2: only provider, physician and member physician are listed.
  const providerOptions = useMemo(
    () => (providers.data ?? []).filter((item) => INSURANCE_FILTER_ACL_ROLES.includes(item.aclRole)),
    [providers.data],
  );
  const providerIds = useMemo(() => providerOptions.map((item) => item.id), [providerOptions]);
  // Previously chosen providers no longer listed are dropped.
  const chosen = (chosenProviders ?? (filters ? orAll(filters.providerIdList, providerIds) : [])).filter(
    (id) => providerIds.includes(id),
  );
  const providerSelection = chosen.length > 0 ? chosen : providerIds;

  const apply = useMutation({
    mutationFn: () =>
      saveProviderData('insuranceFilters', {
        departmentUuidList: allLocations ? [] : locations,
        providerIdList: providerSelection.length === providerIds.length ? [] : providerSelection,
      }),
    meta: { errorBanner: false },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: providerDataQuery('insuranceFilters').queryKey });
      await queryClient.invalidateQueries({ queryKey: [reviewBase(clinicId)] });
      await navigate('/provider/insurances');
    },
  });

  const ready = filters !== null && providers.isSuccess;
  return (
    <Stack gap="md" maw={560}>
      <Stack gap={2}>
        <PageTitle>{t('title')}</PageTitle>
        <Text>{t('filterSubtitle')}</Text>
      </Stack>
      {apply.isError ? (
        <Alert color="red" role="alert">
          {t('filterSaveFailed')}
        </Alert>
      ) : null}
      {!ready ? <Text role="status">{t('loading')}</Text> : null}
      {ready ? (
        <>
          <MultiSelectField
            label={t('locations')}
            options={departments.map((item) => ({ id: item.uuid, name: item.name }))}
            selected={locations}
            onChange={setChosenDepartments}
          />
          <MultiSelectField
            label={t('providers')}
            options={providerOptions}
            selected={providerSelection}
            onChange={setChosenProviders}
          />
          <Group>
            <Button
              disabled={apply.isPending || locations.length === 0 || providerSelection.length === 0}
              onClick={() => {
                apply.mutate();
              }}
            >
              {t('apply')}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
