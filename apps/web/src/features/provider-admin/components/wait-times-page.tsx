import { useEffect, useId, useState } from 'react';
import { ActionIcon, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUFFER_TIME_MAX_SECONDS, minutesToSeconds, secondsToMinutes } from '@app/contracts/clinic-admin';
import { TextField } from '../../../components/ui/text-field.tsx';
import { updateWaitingTime, waitingTimesQuery } from '../api/waiting-times.ts';
import { QueryState, WorkspaceScreen } from './workspace-screen.tsx';

const MAX_MINUTES = BUFFER_TIME_MAX_SECONDS / 60;

/** /provider/wait-times: spec 3 §2 Wait times panel, §4 buffer transitions, §5 minutes sent as seconds. */
export function WaitTimesPage() {
  const { t } = useTranslation('providerAdmin');
  return (
    <WorkspaceScreen title={t('waitTitle')}>
      {(workspace) => <WaitTimesPanel clinicId={workspace.clinicId} />}
    </WorkspaceScreen>
  );
}

function PencilIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.3V21h3.7l11-11-3.7-3.7zm17.7-10.2a1 1 0 0 0 0-1.4l-2.4-2.4a1 1 0 0 0-1.4 0l-1.8 1.8 3.7 3.7z"
      />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
    </svg>
  );
}

function WaitTimesPanel({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation('providerAdmin');
  const queryClient = useQueryClient();
  const entries = useQuery(waitingTimesQuery(clinicId));
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [announce, setAnnounce] = useState('');
  const inputId = useId();
  useEffect(() => {
    // The edit button leaves the page when editing starts: focus moves to the field it opened.
    if (editing) {
      document.getElementById(inputId)?.focus();
    }
  }, [editing, inputId]);

  const list = entries.data ?? [];
  // spec 3 §2: a single department is preselected (and the select is not shown).
  const entry = list.find((item) => item.id === chosenId) ?? list[0] ?? null;

  if (!entries.data) {
    return <QueryState isError={entries.isError} isLoading={entries.isLoading} />;
  }
  if (!entry) {
    return <Text>{t('noDepartments')}</Text>;
  }
  const shownMinutes = String(secondsToMinutes(entry.bufferTime));

  const confirm = () => {
    const minutes = Number(draft);
    if (draft.trim() === '' || !Number.isInteger(minutes) || minutes < 0 || minutes > MAX_MINUTES) {
      setError(t('bufferInvalid'));
      return;
    }
    setSaving(true);
    setError(null);
    updateWaitingTime(clinicId, entry.id, { bufferTime: minutesToSeconds(minutes) })
      .then((saved) => {
        queryClient.setQueryData(
          waitingTimesQuery(clinicId).queryKey,
          list.map((item) => (item.id === saved.id ? saved : item)),
        );
        // spec 3 §4: confirm saves and returns to read-only.
        setEditing(false);
        setAnnounce(t('bufferSaved'));
      })
      .catch(() => {
        setError(t('saveFailed'));
      })
      .finally(() => {
        setSaving(false);
      });
  };

  return (
    <Paper withBorder p="md" maw={480}>
      {list.length > 1 ? (
        <NativeSelect
          label={t('chooseDepartment')}
          mb="md"
          value={entry.id}
          data={list.map((item) => ({ value: item.id, label: item.departmentName }))}
          onChange={(event) => {
            setChosenId(event.currentTarget.value);
            setEditing(false);
            setError(null);
          }}
        />
      ) : (
        <Text mb="md" fw={600}>
          {entry.departmentName}
        </Text>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (editing) {
            confirm();
          }
        }}
      >
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextField
            id={inputId}
            label={t('buffer')}
            name="buffer"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_MINUTES}
            step={1}
            readOnly={!editing}
            value={editing ? draft : shownMinutes}
            error={error}
            trailing={<span style={{ padding: '0 12px', color: '#343a40' }}>{t('minutes')}</span>}
            onChange={(event) => {
              setDraft(event.target.value);
            }}
          />
          {editing ? (
            <ActionIcon
              key="confirm"
              type="submit"
              size="lg"
              loading={saving}
              aria-label={t('confirmBuffer')}
              mb={error ? 28 : 4}
            >
              <CheckIcon />
            </ActionIcon>
          ) : (
            // Its own element (key): were the edit button turned into the submit button during its own
            // click, the browser would submit the form as that click's default action.
            <ActionIcon
              key="edit"
              type="button"
              size="lg"
              variant="outline"
              aria-label={t('editBuffer')}
              mb={4}
              onClick={() => {
                setDraft(shownMinutes);
                setError(null);
                setEditing(true);
              }}
            >
              <PencilIcon />
            </ActionIcon>
          )}
        </Group>
      </form>
      <Text role="status" className="app-visually-hidden">
        {announce}
      </Text>
    </Paper>
  );
}
