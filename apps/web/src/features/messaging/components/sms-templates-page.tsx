import { Alert, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsTemplate } from '@app/contracts/messaging';
import { SMS_TEMPLATE_NAME_MAX } from '@app/contracts/messaging-constants';
import { Button } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { deleteSmsTemplate } from '../api/delete-sms-template.ts';
import { smsTemplatesQuery } from '../api/list-sms-templates.ts';
import { saveSmsTemplate } from '../api/save-sms-template.ts';
import { ProviderWorkspaceReady } from './provider-workspace-ready.tsx';
import { SmsBodyField } from './sms-body-field.tsx';

function TemplateForm({
  clinicId,
  template,
  onDone,
}: {
  clinicId: string;
  template: SmsTemplate | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('messaging');
  const queryClient = useQueryClient();
  const [name, setName] = useState(template?.name ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const save = useMutation({
    mutationFn: () => saveSmsTemplate(clinicId, template?.id ?? null, { name, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: smsTemplatesQuery(clinicId).queryKey });
      onDone();
    },
    meta: { errorBanner: false },
  });
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="template-form-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="template-form-title">
            {template ? t('editTemplate', { name: template.name }) : t('newTemplate')}
          </Title>
          <TextInput
            label={t('templateName')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
            }}
            maxLength={SMS_TEMPLATE_NAME_MAX}
            required
          />
          <SmsBodyField clinicId={clinicId} value={body} onChange={setBody} />
          {save.isError ? (
            <Alert color="red" role="alert">
              {errorText(save.error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('saveTemplate')}
            </Button>
            <Button variant="outline" onClick={onDone}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Templates({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation('messaging');
  const queryClient = useQueryClient();
  const templates = useQuery(smsTemplatesQuery(clinicId));
  const [editing, setEditing] = useState<SmsTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SmsTemplate | null>(null);
  const remove = useMutation({
    mutationFn: (template: SmsTemplate) => deleteSmsTemplate(clinicId, template.id),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: smsTemplatesQuery(clinicId).queryKey });
    },
    meta: { errorBanner: false },
  });
  return (
    <Stack gap="md">
      {editing ? (
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          clinicId={clinicId}
          template={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
          }}
        />
      ) : (
        <Group>
          <Button
            onClick={() => {
              setEditing('new');
            }}
          >
            {t('newTemplate')}
          </Button>
        </Group>
      )}
      {templates.isPending ? <Text role="status">{t('loading')}</Text> : null}
      {templates.data?.templates.length === 0 ? <Text>{t('noTemplates')}</Text> : null}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="templates">
        {templates.data?.templates.map((template) => (
          <Paper component="li" key={template.id} withBorder p="sm">
            <Stack gap={4}>
              <Text fw={600}>{template.name}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {template.body}
              </Text>
              <Group gap="xs">
                <Button
                  variant="outline"
                  onClick={() => {
                    setEditing(template);
                  }}
                >
                  {t('editTemplate', { name: template.name })}
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    setDeleting(template);
                  }}
                >
                  {t('deleteTemplate', { name: template.name })}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Modal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
        }}
        title={t('deleteTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('cancel') }}
      >
        <Text>{t('deleteText', { name: deleting?.name ?? '' })}</Text>
        {remove.isError ? (
          <Text role="alert" c="red.9" mt="sm">
            {errorText(remove.error)}
          </Text>
        ) : null}
        <Group mt="lg" justify="flex-end">
          <Button
            variant="outline"
            onClick={() => {
              setDeleting(null);
            }}
            data-autofocus
          >
            {t('no')}
          </Button>
          <Button
            loading={remove.isPending}
            onClick={() => {
              if (deleting) {
                remove.mutate(deleting);
              }
            }}
          >
            {t('yes')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** spec 3 §2 /provider/patient/sms-templates: the clinic's text-message templates. */
export function SmsTemplatesPage() {
  const { t } = useTranslation('messaging');
  return (
    <ProviderWorkspaceReady>
      {(workspace) => (
        <Stack gap="md" maw={760}>
          <PageTitle>{t('templatesTitle')}</PageTitle>
          <Text size="sm">{t('placeholdersHint')}</Text>
          <Templates clinicId={workspace.clinicId} />
        </Stack>
      )}
    </ProviderWorkspaceReady>
  );
}
