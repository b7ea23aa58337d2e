import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INSURANCE_REVIEW_PAGE_SIZE } from '@app/contracts/insurance';
import { realtimeTopic } from '@app/contracts/realtime';
import { usePullToRefresh } from '../../../lib/gestures/use-pull-to-refresh.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime-event.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { reviewCountQuery } from '../api/count-review-cards.ts';
import { reviewCardsQuery } from '../api/list-review-cards.ts';
import { reviewBase } from '../api/review-paths.ts';
import { useInsuranceFilters } from '../use-insurance-filters.ts';
import { formatInstant } from '../../../lib/dates/format-time.ts';

/** Initials for the avatar (the patient picture is not loaded in the list). */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * spec 3 §2 Insurance cards list (/provider/insurances): new cards, 25 per page without a chooser,
 * by the stored filters; each row links the patient and has View with its position (order).
 */
export function InsuranceListPage() {
  const { t, i18n } = useTranslation('insuranceReview');
  const workspace = useProviderWorkspace();
  const queryClient = useQueryClient();
  const clinicId = workspace.data?.clinicId ?? '';
  // The gate (PROVIDER_INSURANCE and USER_INSURANCE, spec 3 §6) is the router's guard.
  const ready = workspace.data !== undefined;
  const { filters } = useInsuranceFilters(ready ? clinicId : undefined);
  const [page, setPage] = useState(0);
  const offset = page * INSURANCE_REVIEW_PAGE_SIZE;
  const list = useQuery({
    ...reviewCardsQuery(clinicId, filters ?? { departmentUuidList: [], providerIdList: [] }, offset),
    enabled: ready && filters !== null,
  });
  const count = useQuery({
    ...reviewCountQuery(clinicId, filters ?? { departmentUuidList: [], providerIdList: [] }),
    enabled: ready && filters !== null,
  });

  // Another reviewer's Import or Remove: refetch (the event is a hint; Refresh stays the fallback).
  useRealtimeEvent(ready ? realtimeTopic.clinic(clinicId) : null, (event) => {
    if (event.type === 'counts.changed') {
      void queryClient.invalidateQueries({ queryKey: [reviewBase(clinicId)] });
    }
  });

  // spec 3 §2 "Pull-down refreshes the list" on touch screens; the Refresh button stays (issue 17).
  const pull = usePullToRefresh(() => queryClient.invalidateQueries({ queryKey: [reviewBase(clinicId)] }));

  const pages = Math.max(1, Math.ceil((count.data?.count ?? 0) / INSURANCE_REVIEW_PAGE_SIZE));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [reviewBase(clinicId)] });
  };
  // A stored instant, in the viewer's zone like every other (issue 18 item 4, decision 0053).
  const date = (value: string) => formatInstant(value, { language: i18n.language });

  let pullText: string | null = null;
  if (pull.refreshing) {
    pullText = t('refreshing');
  } else if (pull.distance > 0) {
    pullText = pull.armed ? t('releaseToRefresh') : t('pullToRefresh');
  }

  return (
    <div {...pull.bind} data-testid="insurance-list">
      {/* The pull's indicator: it grows with the finger and says what letting go will do. */}
      <div
        role="status"
        aria-live="polite"
        style={{
          height: pull.refreshing ? 32 : pull.distance,
          maxWidth: 760,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'center',
        }}
      >
        {pullText ? <Text size="sm">{pullText}</Text> : null}
      </div>
      <Stack gap="md" maw={760}>
        <Group justify="space-between">
          <PageTitle>{t('title')}</PageTitle>
          <Group gap="sm">
            <Anchor component={Link} to="/provider/insurances/filter">
              {t('filterLink')}
            </Anchor>
            <Button variant="default" onClick={refresh} disabled={list.isFetching}>
              {t('refresh')}
            </Button>
          </Group>
        </Group>
        {list.isPending ? <Text role="status">{t('loading')}</Text> : null}
        {list.isError ? (
          <Alert color="red" role="alert">
            {t('loadFailed')}
          </Alert>
        ) : null}
        {list.data && list.data.items.length === 0 ? (
          <Stack gap={4} role="status">
            <Title order={2}>{t('emptyTitle')}</Title>
            <Text>{t('emptyText')}</Text>
          </Stack>
        ) : null}
        {list.data && list.data.items.length > 0 ? (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.data.items.map((card, index) => {
              const kind = t(`kind.${card.kind}`);
              const order = offset + index + 1;
              return (
                <li key={card.id}>
                  <Paper withBorder p="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <span
                          aria-hidden="true"
                          style={{
                            width: 40,
                            height: 40,
                            borderRadius: '50%',
                            display: 'inline-flex',
                            alignItems: 'center',
                            justifyContent: 'center',
                            background: 'var(--mantine-color-blue-9)',
                            color: 'var(--mantine-color-white)',
                            fontWeight: 700,
                          }}
                        >
                          {initials(card.patient.name)}
                        </span>
                        <Stack gap={0}>
                          <Anchor
                            component={Link}
                            to={`/provider/patient/${encodeURIComponent(card.patient.id)}`}
                            fw={700}
                          >
                            {card.patient.name}
                          </Anchor>
                          <Text size="sm">{kind}</Text>
                          <Text size="sm">{t('updated', { date: date(card.updatedAt) })}</Text>
                        </Stack>
                      </Group>
                      <Button
                        component={Link}
                        to={`/provider/insurances/${encodeURIComponent(card.userId)}/${card.kind}?order=${order}`}
                        aria-label={t('viewLabel', { kind, name: card.patient.name })}
                      >
                        {t('view')}
                      </Button>
                    </Group>
                  </Paper>
                </li>
              );
            })}
          </Stack>
        ) : null}
        {pages > 1 ? (
          <Group justify="center" gap="sm">
            <Button
              variant="subtle"
              disabled={page === 0}
              onClick={() => {
                setPage((value) => value - 1);
              }}
            >
              {t('previousPage')}
            </Button>
            <Text>{t('pageOf', { page: String(page + 1), pages: String(pages) })}</Text>
            <Button
              variant="subtle"
              disabled={page + 1 >= pages}
              onClick={() => {
                setPage((value) => value + 1);
              }}
            >
              {t('nextPage')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </div>
  );
}
