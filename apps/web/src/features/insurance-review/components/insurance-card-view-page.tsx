import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { ConfirmDialog } from '../../appointments/components/confirm-dialog.tsx';
import { StoredImage } from '../../insurance/components/stored-image.tsx';
import { changeCardStatus } from '../api/change-card-status.ts';
import { getNextCard } from '../api/get-next-card.ts';
import { reviewCardQuery } from '../api/get-review-card.ts';
import { reviewBase } from '../api/review-paths.ts';
import { useInsuranceFilters } from '../use-insurance-filters.ts';
import { formatInstant, formatZoned } from '../../../lib/dates/format-time.ts';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>
        <Text fw={700} size="sm">
          {label}
        </Text>
      </dt>
      <dd style={{ margin: 0 }}>
        <Text>{value}</Text>
      </dd>
    </div>
  );
}

/**
 * spec 3 §2 Insurance card view (/provider/insurances/{userId}/{type}?order=n): the photo (served only to
 * authorised users), uploaded date, payer, policyholder, policy ID, appointment, chart quickview, Import
 * (Imported / Import again), Remove from list with its confirmation, and Next patient (spec 3 §4).
 */
export function InsuranceCardViewPage() {
  const { t, i18n } = useTranslation('insuranceReview');
  const { userId = '', type = '' } = useParams();
  const [params] = useSearchParams();
  const order = Math.max(0, Number.parseInt(params.get('order') ?? '0', 10) || 0);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workspace = useProviderWorkspace();
  const clinicId = workspace.data?.clinicId ?? '';
  // The gate (PROVIDER_INSURANCE and USER_INSURANCE, spec 3 §6) is the router's guard.
  const ready = workspace.data !== undefined;
  const { filters } = useInsuranceFilters(ready ? clinicId : undefined);
  const card = useQuery({ ...reviewCardQuery(clinicId, userId, type), enabled: ready });
  const [confirming, setConfirming] = useState(false);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: [reviewBase(clinicId)] });
  const goNext = async () => {
    const next = await getNextCard(
      clinicId,
      filters ?? { departmentUuidList: [], providerIdList: [] },
      order,
      card.data?.card.id,
    );
    if (!next.card) {
      await navigate('/provider/insurances');
      return;
    }
    await navigate(
      `/provider/insurances/${encodeURIComponent(next.card.userId)}/${next.card.kind}?order=${next.order + 1}`,
    );
  };
  const importCard = useMutation({
    mutationFn: (cardId: string) => changeCardStatus(clinicId, userId, type, { cardId, status: 'approved' }),
    meta: { errorBanner: false },
    onSuccess: (data) => {
      queryClient.setQueryData(reviewCardQuery(clinicId, userId, type).queryKey, data);
      void invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: (cardId: string) => changeCardStatus(clinicId, userId, type, { cardId, status: 'reviewed' }),
    meta: { errorBanner: false },
    onSuccess: async () => {
      setConfirming(false);
      await invalidate();
      // spec 3 §4: after removal, advance to the next card.
      await goNext();
    },
  });
  const next = useMutation({ mutationFn: goNext, meta: { errorBanner: false } });

  if (card.isPending) {
    return <Text role="status">{t('loading')}</Text>;
  }
  if (card.isError) {
    return (
      <Stack gap="md" maw={560}>
        <PageTitle>{t('title')}</PageTitle>
        <Alert color="red" role="alert">
          {t('notFound')}
        </Alert>
        <Anchor component={Link} to="/provider/insurances">
          {t('backToList')}
        </Anchor>
      </Stack>
    );
  }
  const { card: item, appointment } = card.data;
  const kind = t(`kind.${item.kind}`);
  const language = i18n.language;
  const removed = item.status === 'reviewed';
  const failure = importCard.isError || next.isError;

  return (
    <Stack gap="md" maw={720}>
      <Stack gap={2}>
        <PageTitle>{item.patient.name}</PageTitle>
        <Text>{kind}</Text>
      </Stack>
      <Anchor component={Link} to="/provider/insurances">
        {t('backToList')}
      </Anchor>
      <Group align="flex-start" gap="md">
        <StoredImage href={item.front.href} alt={t('cardImage', { name: item.patient.name })} width={320} />
        {item.back ? (
          <StoredImage
            href={item.back.href}
            alt={t('cardBackImage', { name: item.patient.name })}
            width={320}
          />
        ) : null}
      </Group>
      <dl style={{ margin: 0, display: 'grid', gap: 8 }}>
        <Field label={t('uploaded')} value={formatInstant(item.updatedAt, { language })} />
        <Field label={t('payer')} value={item.ircName} />
        <Field label={t('plan')} value={item.planName} />
        <Field label={t('policyholder')} value={item.policyHolderName} />
        <Field label={t('policyId')} value={item.insuranceNumber} />
        <Field
          label={t('appointment')}
          value={
            appointment
              ? t('appointmentDetails', {
                  doctor: appointment.doctorName,
                  department: appointment.departmentName,
                  start: formatZoned(appointment.startAt, appointment.timezone, { language }),
                })
              : t('noAppointment')
          }
        />
      </dl>
      <Anchor
        href={`/provider/patient/${encodeURIComponent(item.patient.id)}`}
        target="_blank"
        rel="noopener"
      >
        {t('chartLink')}
      </Anchor>
      {failure ? (
        <Alert color="red" role="alert">
          {t('actionFailed')}
        </Alert>
      ) : null}
      <div aria-live="polite">
        {item.status === 'approved' ? <Text fw={700}>{t('imported')}</Text> : null}
      </div>
      <Group gap="sm">
        {!removed ? (
          <Button
            disabled={importCard.isPending}
            onClick={() => {
              importCard.mutate(item.id);
            }}
          >
            {item.status === 'approved' ? t('importAgain') : t('import')}
          </Button>
        ) : null}
        {!removed ? (
          <Button
            variant="filled"
            color="red.9"
            onClick={() => {
              setConfirming(true);
            }}
          >
            {t('remove')}
          </Button>
        ) : null}
        <Button
          variant="default"
          disabled={next.isPending}
          onClick={() => {
            next.mutate();
          }}
        >
          {t('nextPatient')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('removeTitle')}
        text={t('removeConfirm')}
        yesLabel={t('yes')}
        noLabel={t('no')}
        closeLabel={t('no')}
        busy={remove.isPending}
        error={remove.isError ? t('actionFailed') : null}
        onYes={() => {
          remove.mutate(item.id);
        }}
        onNo={() => {
          setConfirming(false);
        }}
      />
    </Stack>
  );
}
