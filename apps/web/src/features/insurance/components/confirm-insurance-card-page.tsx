import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { CheckInTask } from '@app/contracts/check-in';
import type { InsuranceCard } from '@app/contracts/insurance';
import { Button } from '../../../components/ui/button.tsx';
import { useTaskPage, type TaskPage } from '../../check-in/use-task-page.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { insuranceCardsQuery } from '../api/list-insurance-cards.ts';
import { saveInsuranceCard } from '../api/save-insurance-card.ts';
import { StoredImage } from './stored-image.tsx';
import { TaskPageFrame } from './task-page-frame.tsx';

/**
 * spec 2 §2 /user/task/confirm-insurance-card; §4 "The insurance-card task chooses among confirm page,
 * primary card page or generic task": with a card on file the patient confirms or updates it; without
 * one the primary card page opens directly.
 */
export function ConfirmInsuranceCardPage() {
  const { t } = useTranslation('insurance');
  const page = useTaskPage(['insurance_card']);
  return (
    <TaskPageFrame title={t('confirm.title')} page={page}>
      {(task) => <ConfirmCards task={task} page={page} />}
    </TaskPageFrame>
  );
}

function ConfirmCards({ task, page }: { task: CheckInTask; page: TaskPage }) {
  const { t } = useTranslation('insurance');
  const navigate = useNavigate();
  const cards = useQuery({
    ...insuranceCardsQuery(task.clinicUuid, task.userId),
    meta: { errorBanner: false },
  });
  const primary = cards.data?.find((card) => card.kind === 'primary') ?? null;
  const secondary = cards.data?.find((card) => card.kind === 'secondary') ?? null;
  const cardPage = (kind: 'primary' | 'secondary') => `${page.base}/insurance-card/${kind}${page.search}`;
  const confirm = useMutation({
    meta: { errorBanner: false },
    mutationFn: async () => {
      // Confirming re-sends the cards unchanged: they keep their review status and learn this visit.
      for (const card of [primary, secondary]) {
        if (card && task.appointmentId) {
          await saveInsuranceCard(card.kind, {
            clinicUuid: task.clinicUuid,
            userId: task.userId,
            appointmentId: task.appointmentId,
            frontFileId: card.front.fileId,
            backFileId: card.back?.fileId ?? null,
            insuranceNumber: card.insuranceNumber,
            ircName: card.ircName,
            planName: card.planName,
            policyHolderName: card.policyHolderName,
          });
        }
      }
      await page.complete();
    },
  });
  if (cards.isLoading) {
    return null;
  }
  if (cards.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(cards.error)}
      </Alert>
    );
  }
  if (!primary) {
    return <Navigate to={cardPage('primary')} replace />;
  }
  return (
    <Stack gap="md">
      <Text>{t('confirm.intro')}</Text>
      {confirm.error ? (
        <Alert color="red" role="alert">
          {errorText(confirm.error)}
        </Alert>
      ) : null}
      <CardSummary card={primary} />
      {secondary ? <CardSummary card={secondary} /> : null}
      <Group>
        <Button
          onClick={() => {
            confirm.mutate();
          }}
          loading={confirm.isPending}
        >
          {t('confirm.confirm')}
        </Button>
        <Button variant="outline" onClick={() => void navigate(cardPage('primary'))}>
          {t('confirm.update')}
        </Button>
        <Button variant="outline" onClick={() => void navigate(cardPage('secondary'))}>
          {secondary ? t('confirm.updateSecondary') : t('confirm.addSecondary')}
        </Button>
      </Group>
    </Stack>
  );
}

function CardSummary({ card }: { card: InsuranceCard }) {
  const { t } = useTranslation('insurance');
  const titleId = `insurance-card-${card.kind}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {t(`kind.${card.kind}`)}
        </Title>
        <Group gap="md" align="flex-start">
          <StoredImage href={card.front.href} alt={t('card.frontAlt')} width={200} />
          {card.back ? <StoredImage href={card.back.href} alt={t('card.backAlt')} width={200} /> : null}
        </Group>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
          <dt>{t('card.ircName')}</dt>
          <dd style={{ margin: 0 }}>{card.ircName}</dd>
          <dt>{t('card.planName')}</dt>
          <dd style={{ margin: 0 }}>{card.planName}</dd>
          <dt>{t('card.insuranceNumber')}</dt>
          <dd style={{ margin: 0 }}>{card.insuranceNumber}</dd>
          <dt>{t('card.policyHolderName')}</dt>
          <dd style={{ margin: 0 }}>{card.policyHolderName}</dd>
        </dl>
        <Text size="sm">{t(`status.${card.status}`)}</Text>
      </Stack>
    </Paper>
  );
}
