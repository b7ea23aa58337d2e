import { Alert, Checkbox, Fieldset, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkMessageRequest, BulkSelection } from '@app/contracts/messaging';
import { Button } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { bulkMessageQuery } from '../api/get-bulk-message.ts';
import { bulkDepartmentsQuery } from '../api/list-bulk-departments.ts';
import { previewBulkMessage } from '../api/preview-bulk-message.ts';
import { bulkPatientsQuery } from '../api/search-bulk-patients.ts';
import { sendBulkMessage } from '../api/send-bulk-message.ts';
import { ProviderWorkspaceReady } from './provider-workspace-ready.tsx';
import { RecipientTable } from './recipient-table.tsx';
import { SmsBodyField } from './sms-body-field.tsx';

type Mode = 'patients' | 'appointments';

function PatientPicker({
  clinicId,
  chosen,
  onToggle,
}: {
  clinicId: string;
  chosen: Map<string, string>;
  onToggle: (userId: string, name: string) => void;
}) {
  const { t } = useTranslation('messaging');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const results = useQuery(bulkPatientsQuery(clinicId, debounced));
  return (
    <Stack gap="xs">
      <TextInput
        label={t('searchPatient')}
        type="search"
        value={term}
        maxLength={100}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
        }}
      />
      {results.data?.receivers.length === 0 ? <Text role="status">{t('noResults')}</Text> : null}
      <Stack gap={6} data-testid="bulk-patient-results">
        {results.data?.receivers.map((patient) => (
          <Checkbox
            key={patient.userId}
            label={patient.detail ? `${patient.name} (${patient.detail})` : patient.name}
            checked={chosen.has(patient.userId)}
            onChange={() => {
              onToggle(patient.userId, patient.name);
            }}
          />
        ))}
      </Stack>
      <Text size="sm" fw={600}>
        {t('chosenPatients', { count: chosen.size })}
      </Text>
      {chosen.size > 0 ? (
        <Group gap="xs">
          {[...chosen].map(([userId, name]) => (
            <Button
              key={userId}
              variant="outline"
              onClick={() => {
                onToggle(userId, name);
              }}
            >
              {t('unchoosePatient', { name })}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

function BulkForm({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation('messaging');
  const [mode, setMode] = useState<Mode>('patients');
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [body, setBody] = useState('');
  const [bulkId, setBulkId] = useState<string | null>(null);
  const departments = useQuery(bulkDepartmentsQuery(clinicId));

  const selection = (): BulkSelection =>
    mode === 'patients'
      ? { kind: 'patients', patientIds: [...chosen.keys()] }
      : { kind: 'appointments', from, to, departmentId: departmentId || null };
  const request = (): BulkMessageRequest => ({ selection: selection(), body });

  const preview = useMutation({
    mutationFn: () => previewBulkMessage(clinicId, request()),
    meta: { errorBanner: false },
  });
  const send = useMutation({
    mutationFn: () => sendBulkMessage(clinicId, request()),
    onSuccess: (bulk) => {
      setBulkId(bulk.id);
    },
    meta: { errorBanner: false },
  });
  const sent = useQuery({ ...bulkMessageQuery(clinicId, bulkId ?? ''), enabled: bulkId !== null });

  // Any change after a preview makes it stale: preview again before sending.
  const changed = () => {
    preview.reset();
  };
  const toggle = (userId: string, name: string) => {
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(userId)) {
        next.delete(userId);
      } else {
        next.set(userId, name);
      }
      return next;
    });
    changed();
  };

  if (bulkId) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          {t('bulkSent')}
        </Alert>
        {sent.data ? <RecipientTable recipients={sent.data.recipients} caption={t('bulkStatus')} /> : null}
        <Group>
          <Button
            variant="outline"
            onClick={() => {
              setBulkId(null);
              preview.reset();
              send.reset();
              setBody('');
              setChosen(new Map());
            }}
          >
            {t('newMessage')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Fieldset legend={t('recipients')}>
        <Stack gap="sm">
          <Radio.Group
            label={t('selectionKind')}
            value={mode}
            onChange={(value) => {
              setMode(value === 'appointments' ? 'appointments' : 'patients');
              changed();
            }}
          >
            <Group mt="xs">
              <Radio value="patients" label={t('selectionPatients')} />
              <Radio value="appointments" label={t('selectionAppointments')} />
            </Group>
          </Radio.Group>
          {mode === 'patients' ? (
            <PatientPicker clinicId={clinicId} chosen={chosen} onToggle={toggle} />
          ) : (
            <Group align="flex-end">
              <TextInput
                type="date"
                label={t('fromDate')}
                value={from}
                onChange={(event) => {
                  setFrom(event.currentTarget.value);
                  changed();
                }}
              />
              <TextInput
                type="date"
                label={t('toDate')}
                value={to}
                onChange={(event) => {
                  setTo(event.currentTarget.value);
                  changed();
                }}
              />
              <NativeSelect
                label={t('department')}
                value={departmentId}
                onChange={(event) => {
                  setDepartmentId(event.currentTarget.value);
                  changed();
                }}
                data={[
                  { value: '', label: t('allDepartments') },
                  ...(departments.data?.departments ?? []).map((department) => ({
                    value: department.id,
                    label: department.name,
                  })),
                ]}
              />
            </Group>
          )}
        </Stack>
      </Fieldset>
      <SmsBodyField
        clinicId={clinicId}
        value={body}
        onChange={(value) => {
          setBody(value);
          changed();
        }}
      />
      {preview.isError ? (
        <Alert color="red" role="alert">
          {errorText(preview.error)}
        </Alert>
      ) : null}
      {send.isError ? (
        <Alert color="red" role="alert">
          {errorText(send.error)}
        </Alert>
      ) : null}
      <Group>
        <Button
          variant="outline"
          loading={preview.isPending}
          onClick={() => {
            preview.mutate();
          }}
        >
          {t('preview')}
        </Button>
        {preview.data && preview.data.sendCount > 0 ? (
          <Button
            loading={send.isPending}
            onClick={() => {
              send.mutate();
            }}
          >
            {t('sendBulk', { count: preview.data.sendCount })}
          </Button>
        ) : null}
      </Group>
      {preview.data ? (
        <Stack gap="sm">
          <Text role="status">
            {t('previewSummary', {
              send: String(preview.data.sendCount),
              skipped: String(preview.data.skippedCount),
            })}
          </Text>
          <RecipientTable recipients={preview.data.recipients} caption={t('previewTitle')} />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** spec 3 §2 /provider/bulk-message (BULK_MESSAGING permission and module, spec 3 §6). */
export function BulkMessagePage() {
  const { t } = useTranslation('messaging');
  return (
    <ProviderWorkspaceReady>
      {(workspace) => (
        <Stack gap="md" maw={960}>
          <PageTitle>{t('bulkMessaging')}</PageTitle>
          <BulkForm clinicId={workspace.clinicId} />
        </Stack>
      )}
    </ProviderWorkspaceReady>
  );
}
