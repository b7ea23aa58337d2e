import { useState, type SubmitEvent } from 'react';
import { Badge, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Flow } from '@app/contracts/worklists';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { createFlow, flowsQuery, updateFlow } from '../api/flows.ts';
import { formatDate, QueryState, WorkspaceScreen } from './workspace-screen.tsx';

/**
 * /provider/flows (Worklist) and the patient tab /provider/patient/:patientId/flows (spec 3 §2): list and
 * create flows; both need the FLOWS permission and the FLOWS clinic module. The patient tab creates on
 * its own route, flows/create (issue 17 item 6, FlowCreatePage below).
 */
export function FlowsPage() {
  const { t } = useTranslation('providerAdmin');
  const { patientId } = useParams();
  return (
    <WorkspaceScreen title={patientId ? t('patientFlowsTitle') : t('flowsTitle')}>
      {(workspace) => <FlowsPanel clinicId={workspace.clinicId} patientId={patientId} />}
    </WorkspaceScreen>
  );
}

function FlowsPanel({ clinicId, patientId }: { clinicId: string; patientId: string | undefined }) {
  const { t } = useTranslation('providerAdmin');
  const queryClient = useQueryClient();
  const flows = useQuery(flowsQuery(clinicId, patientId));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: flowsQuery(clinicId).queryKey.slice(0, 1) });
  return (
    <Stack>
      {patientId ? (
        <Group>
          <ButtonLink to={`/provider/patient/${encodeURIComponent(patientId)}/flows/create`}>
            {t('createFlow')}
          </ButtonLink>
        </Group>
      ) : (
        <NewFlowForm clinicId={clinicId} patientId={patientId} onCreated={refresh} />
      )}
      <Text component="h2" fw={700} fz="lg">
        {patientId ? t('patientFlowsTitle') : t('flowsTitle')}
      </Text>
      {flows.data ? (
        flows.data.length === 0 ? (
          <Text>{t('flowsEmpty')}</Text>
        ) : (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {flows.data.map((flow) => (
              <FlowRow key={flow.id} flow={flow} clinicId={clinicId} onChanged={refresh} />
            ))}
          </Stack>
        )
      ) : (
        <QueryState isError={flows.isError} isLoading={flows.isLoading} />
      )}
    </Stack>
  );
}

function FlowRow({
  flow,
  clinicId,
  onChanged,
}: {
  flow: Flow;
  clinicId: string;
  onChanged: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('providerAdmin');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = flow.status === 'done';
  return (
    <Paper withBorder p="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text component="h3" fw={700}>
              {flow.title}
            </Text>
            <Badge variant="light" color={done ? 'green.9' : 'blue.9'}>
              {done ? t('flowDone') : t('flowOpen')}
            </Badge>
          </Group>
          {flow.description ? <Text>{flow.description}</Text> : null}
          <Text fz="sm" c="gray.7">
            {[
              flow.patientName ? t('flowPatient', { name: flow.patientName }) : null,
              flow.dueDate ? t('flowDue', { date: formatDate(flow.dueDate, i18n.language) }) : null,
              t('flowBy', { name: flow.createdByName }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {error ? (
            <Text role="alert" c="red.9">
              {error}
            </Text>
          ) : null}
        </Stack>
        <Button
          variant="outline"
          loading={busy}
          onClick={() => {
            setBusy(true);
            setError(null);
            updateFlow(clinicId, flow.id, done ? 'open' : 'done')
              .then(onChanged)
              .catch(() => {
                setError(t('saveFailed'));
              })
              .finally(() => {
                setBusy(false);
              });
          }}
        >
          {done ? t('reopen', { title: flow.title }) : t('markDone', { title: flow.title })}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * spec 3 §2 patient/{patientId}/flows/create (issue 17 item 6, decision 0045): the new-flow form for
 * this patient; once created, back to the patient's flows, where the new one is listed.
 */
export function FlowCreatePage() {
  const { t } = useTranslation('providerAdmin');
  const { patientId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flowsPath = `/provider/patient/${encodeURIComponent(patientId)}/flows`;
  return (
    <WorkspaceScreen title={t('createFlow')}>
      {(workspace) => (
        <Stack>
          <NewFlowForm
            clinicId={workspace.clinicId}
            patientId={patientId}
            onCreated={async () => {
              await queryClient.invalidateQueries({
                queryKey: flowsQuery(workspace.clinicId).queryKey.slice(0, 1),
              });
              await navigate(flowsPath);
            }}
          />
          <Group>
            <ButtonLink variant="outline" to={flowsPath}>
              {t('backToFlows')}
            </ButtonLink>
          </Group>
        </Stack>
      )}
    </WorkspaceScreen>
  );
}

function NewFlowForm({
  clinicId,
  patientId,
  onCreated,
}: {
  clinicId: string;
  patientId: string | undefined;
  onCreated: () => Promise<void>;
}) {
  const { t } = useTranslation('providerAdmin');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError(t('flowTitleRequired'));
      return;
    }
    setTitleError(null);
    setError(null);
    setBusy(true);
    createFlow(clinicId, {
      title: title.trim(),
      description: description.trim(),
      dueDate: dueDate || null,
      patientId: patientId ?? null,
    })
      .then(async () => {
        setTitle('');
        setDescription('');
        setDueDate('');
        setAnnounce(t('flowCreated'));
        await onCreated();
      })
      .catch(() => {
        setError(t('saveFailed'));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-flow-heading">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Text component="h2" fw={700} fz="lg" id="new-flow-heading">
            {t('newFlow')}
          </Text>
          <TextField
            label={t('flowTitle')}
            name="title"
            value={title}
            maxLength={200}
            required
            error={titleError}
            onChange={(event) => {
              setTitle(event.target.value);
            }}
          />
          <Textarea
            label={t('flowDescription')}
            value={description}
            maxLength={2000}
            autosize
            minRows={2}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
            }}
          />
          <TextField
            label={t('flowDueDate')}
            name="dueDate"
            type="date"
            value={dueDate}
            onChange={(event) => {
              setDueDate(event.target.value);
            }}
          />
          {error ? (
            <Text role="alert" c="red.9">
              {error}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={busy}>
              {t('createFlow')}
            </Button>
          </Group>
          <Text role="status" className="app-visually-hidden">
            {announce}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
