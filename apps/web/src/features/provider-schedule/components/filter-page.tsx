import { Checkbox, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { filtersOf } from '../api/paths.ts';
import { useDepartments, useProviders } from '../../../lib/provider/clinic-lists.ts';

type FilterKind = 'departments' | 'locations' | 'providers';
const PARAM: Record<FilterKind, 'departmentUuids' | 'locations' | 'providerIds'> = {
  departments: 'departmentUuids',
  locations: 'locations',
  providers: 'providerIds',
};

/** The page a filter screen came from and which list it edits, from its path (spec 3 §2). */
export function filterTarget(pathname: string): { base: string; kind: FilterKind } | null {
  const match =
    /^(\/provider\/(?:appointment|waiting-room|waiting-room-telehealth))\/select-(departments|locations|providers)\/?$/.exec(
      pathname,
    );
  if (!match?.[1] || !match[2]) {
    return null;
  }
  return { base: match[1], kind: match[2] as FilterKind };
}

/** spec 3 §2 select-departments, select-locations, select-providers (each told where it came from). */
export function FilterPage() {
  const { t } = useTranslation('providerSchedule');
  const { t: tRoute } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const clinicId = useProviderWorkspace().data?.clinicId ?? '';
  const target = filterTarget(pathname);
  const query = new URLSearchParams(search);
  const current = filtersOf(query);
  const departments = useDepartments(clinicId);
  const providers = useProviders(clinicId, current.departmentUuids);
  const kind = target?.kind ?? 'departments';
  const [chosen, setChosen] = useState<string[]>(current[PARAM[kind]]);
  if (!target) {
    return null;
  }
  const options: { value: string; label: string }[] =
    kind === 'departments'
      ? (departments.data ?? []).map((item) => ({ value: item.uuid, label: item.name }))
      : kind === 'providers'
        ? (providers.data ?? []).map((item) => ({ value: item.id, label: item.name }))
        : [
            ...new Set((departments.data ?? []).flatMap((item) => (item.location ? [item.location] : []))),
          ].map((location) => ({ value: location, label: location }));
  const back = () => {
    const next = new URLSearchParams(search);
    if (chosen.length === 0) {
      next.delete(PARAM[kind]);
    } else {
      next.set(PARAM[kind], chosen.join(','));
    }
    const text = next.toString();
    void navigate(`${target.base}${text ? `?${text}` : ''}`);
  };
  const titleKey =
    kind === 'departments'
      ? 'route.provider.selectDepartments'
      : kind === 'providers'
        ? 'route.provider.selectProviders'
        : 'route.provider.selectLocations';
  // The empty choice means "every one": the status says so.
  const status =
    chosen.length === 0 || chosen.length === options.length
      ? t('selectAll')
      : t('selectedCount', { count: chosen.length });
  return (
    <Stack gap="md">
      <h1>{tRoute(titleKey)}</h1>
      <p role="status">{status}</p>
      <Checkbox.Group value={chosen} onChange={setChosen} label={tRoute(titleKey)}>
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Checkbox key={option.value} value={option.value} label={option.label} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group>
        <Button onClick={back}>{t('apply')}</Button>
        <Button
          variant="outline"
          onClick={() => {
            setChosen([]);
          }}
        >
          {t('clear')}
        </Button>
        <Link className="app-link" to={`${target.base}${search}`}>
          {t('back')}
        </Link>
      </Group>
    </Stack>
  );
}
