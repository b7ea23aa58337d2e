import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CheckInTask } from '@app/contracts/check-in';
import { INSURANCE_CARD_KINDS, type InsuranceCard, type InsuranceCardKind } from '@app/contracts/insurance';
import { Button } from '../../../components/ui/button.tsx';
import { useTaskPage } from '../../check-in/use-task-page.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { INSURANCE_CARDS_PATH, insuranceCardsQuery } from '../api/list-insurance-cards.ts';
import { saveInsuranceCard } from '../api/save-insurance-card.ts';
import { uploadCardImage } from '../api/upload-card-image.ts';
import { CardPhotoInput } from './card-photo-input.tsx';
import { TaskPageFrame } from './task-page-frame.tsx';

function isKind(value: string | undefined): value is InsuranceCardKind {
  return INSURANCE_CARD_KINDS.some((kind) => kind === value);
}

/** spec 2 §2 /user/task/insurance-card/{primary|secondary} (and the kiosk prefix). */
export function InsuranceCardPage() {
  const { t } = useTranslation('insurance');
  const { kind: param } = useParams();
  const kind: InsuranceCardKind = isKind(param) ? param : 'primary';
  const page = useTaskPage(['insurance_card']);
  return (
    <TaskPageFrame title={t('card.title', { kind: t(`kind.${kind}`) })} page={page}>
      {(task) => <CardLoader task={task} kind={kind} page={page} />}
    </TaskPageFrame>
  );
}

function CardLoader({
  task,
  kind,
  page,
}: {
  task: CheckInTask;
  kind: InsuranceCardKind;
  page: ReturnType<typeof useTaskPage>;
}) {
  const cards = useQuery({
    ...insuranceCardsQuery(task.clinicUuid, task.userId),
    meta: { errorBanner: false },
  });
  if (cards.isLoading) {
    return null;
  }
  const current = cards.data?.find((card) => card.kind === kind) ?? null;
  return <CardForm key={current?.id ?? 'new'} task={task} kind={kind} current={current} page={page} />;
}

interface Fields {
  insuranceNumber: string;
  ircName: string;
  planName: string;
  policyHolderName: string;
}
type RequiredField = 'insuranceNumber' | 'ircName' | 'planName';
const REQUIRED: RequiredField[] = ['insuranceNumber', 'ircName', 'planName'];

function CardForm({
  task,
  kind,
  current,
  page,
}: {
  task: CheckInTask;
  kind: InsuranceCardKind;
  current: InsuranceCard | null;
  page: ReturnType<typeof useTaskPage>;
}) {
  const { t } = useTranslation('insurance');
  const queryClient = useQueryClient();
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [fields, setFields] = useState<Fields>({
    insuranceNumber: current?.insuranceNumber ?? '',
    ircName: current?.ircName ?? '',
    planName: current?.planName ?? '',
    policyHolderName: current?.policyHolderName ?? '',
  });
  const [submitted, setSubmitted] = useState(false);
  const frontMissing = !front && !current;
  const missing = (field: RequiredField) => submitted && fields[field].trim() === '';

  const save = useMutation({
    meta: { errorBanner: false },
    mutationFn: async () => {
      const frontFileId = front
        ? (await uploadCardImage(task.clinicUuid, task.userId, front)).fileId
        : (current?.front.fileId ?? '');
      const backFileId = back
        ? (await uploadCardImage(task.clinicUuid, task.userId, back)).fileId
        : (current?.back?.fileId ?? null);
      await saveInsuranceCard(kind, {
        clinicUuid: task.clinicUuid,
        userId: task.userId,
        ...(task.appointmentId ? { appointmentId: task.appointmentId } : {}),
        frontFileId,
        backFileId,
        insuranceNumber: fields.insuranceNumber,
        ircName: fields.ircName,
        planName: fields.planName,
        policyHolderName: fields.policyHolderName,
      });
      await queryClient.invalidateQueries({ queryKey: [INSURANCE_CARDS_PATH] });
      await page.complete();
    },
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (frontMissing || REQUIRED.some((field) => fields[field].trim() === '')) {
      return;
    }
    save.mutate();
  };
  const field = (name: keyof Fields) => ({
    value: fields[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setFields((before) => ({ ...before, [name]: value }));
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('card.intro')}</Text>
        {save.error || page.error ? (
          <Alert color="red" role="alert">
            {errorText(save.error ?? page.error)}
          </Alert>
        ) : null}
        <Group align="flex-start" gap="xl">
          <CardPhotoInput
            label={t('card.front')}
            alt={t('card.frontAlt')}
            currentHref={current?.front.href ?? null}
            file={front}
            onFile={setFront}
            error={submitted && frontMissing ? t('card.frontRequired') : null}
          />
          <CardPhotoInput
            label={t('card.back')}
            alt={t('card.backAlt')}
            currentHref={current?.back?.href ?? null}
            file={back}
            onFile={setBack}
          />
        </Group>
        <TextInput
          label={t('card.insuranceNumber')}
          required
          autoComplete="off"
          error={missing('insuranceNumber') ? t('card.required') : undefined}
          maxLength={60}
          {...field('insuranceNumber')}
        />
        <TextInput
          label={t('card.ircName')}
          required
          error={missing('ircName') ? t('card.required') : undefined}
          maxLength={120}
          {...field('ircName')}
        />
        <TextInput
          label={t('card.planName')}
          required
          error={missing('planName') ? t('card.required') : undefined}
          maxLength={120}
          {...field('planName')}
        />
        <TextInput
          label={t('card.policyHolderName')}
          description={t('card.policyHolderHint')}
          autoComplete="name"
          maxLength={120}
          {...field('policyHolderName')}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('card.save')}
          </Button>
          <Button variant="outline" type="button" onClick={() => void page.backToTasks()}>
            {t('card.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
