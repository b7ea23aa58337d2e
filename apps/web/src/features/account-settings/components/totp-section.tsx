import { useState, type SubmitEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '@app/contracts/totp';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { errorText } from '../error-text.ts';
import { TOTP_PATH, confirmTotp, disableTotp, getTotpStatus, startTotpEnrolment } from '../api/totp-api.ts';

function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** Authenticator app (TOTP) as a second factor: set up, confirm with a first code, turn off. */
export function TotpSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: [TOTP_PATH], queryFn: ({ signal }) => getTotpStatus(signal) });
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  const done = (text: string) => {
    setEnrolment(null);
    setCode('');
    setNotice(text);
    void queryClient.invalidateQueries({ queryKey: [TOTP_PATH] });
  };
  // Failures show in this section's own alert, not also in the banner.
  const meta = { url: TOTP_PATH, errorBanner: false };
  const start = useMutation({
    mutationFn: startTotpEnrolment,
    meta,
    onSuccess: (value) => {
      setNotice(null);
      setEnrolment(value);
    },
  });
  const confirm = useMutation({
    mutationFn: confirmTotp,
    meta,
    onSuccess: () => {
      done(t('totp.enabledNotice'));
    },
  });
  const disable = useMutation({
    mutationFn: disableTotp,
    meta,
    onSuccess: () => {
      done(t('totp.disabledNotice'));
    },
  });
  const pending = confirm.isPending || disable.isPending;
  const failure = confirm.error ?? disable.error ?? start.error;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== 6 || pending) {
      return;
    }
    if (enrolment) {
      confirm.mutate(code);
    } else {
      disable.mutate(code);
    }
  };

  const enabled = status.data?.enabled === true;
  const codeForm = (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('totp.codeLabel')}
          name="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => {
            setCode(digitsOnly(event.currentTarget.value));
          }}
        />
        <Group>
          <Button type="submit" disabled={code.length !== 6} loading={pending}>
            {enrolment ? t('totp.confirm') : t('totp.disable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  return (
    <section aria-labelledby="totp-title">
      <Stack gap="sm">
        <Title order={2} id="totp-title" size="h3">
          {t('totp.title')}
        </Title>
        <Text>{t('totp.intro')}</Text>
        {notice ? (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert">
            {errorText(failure)}
          </Alert>
        ) : null}
        {status.isSuccess ? <Text fw={700}>{enabled ? t('totp.statusOn') : t('totp.statusOff')}</Text> : null}
        {enrolment ? (
          <Stack gap="sm">
            <Text>{t('totp.scan')}</Text>
            {/* Drawn here, in the browser: the secret never goes to another service. */}
            <QrCode data={enrolment.otpauthUri} label={t('totp.qrAlt')} />
            <Text>
              {t('totp.secretLabel')}{' '}
              <Text span ff="monospace" fw={700} data-testid="totp-secret">
                {enrolment.secret}
              </Text>
            </Text>
            {codeForm}
          </Stack>
        ) : enabled ? (
          codeForm
        ) : status.isSuccess ? (
          <Group>
            <Button
              onClick={() => {
                start.mutate();
              }}
              loading={start.isPending}
            >
              {t('totp.setUp')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </section>
  );
}
