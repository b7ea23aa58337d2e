import { useState } from 'react';
import { Alert, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { decideConsent, getConsentRequest, smartRequestPath } from '../api/smart-apps-api.ts';
import { errorText } from '../error-text.ts';

/** Where the browser goes after a decision: the app's redirect URI (a seam for the unit test). */
export const leavePortal = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Issue 21 item 3 (decision 0082): the consent screen of a SMART app. The server checked the app's
 * request and sent the browser here (through login when needed); the patient sees the app's name,
 * where it lives and one plain line per kind of data it asks to read, and allows or denies.
 * A provider's launch (`user/` scopes, decision 0089) comes to the same screen in the provider area
 * (/provider/connect-app/:requestId): it reads as their patients' data and names the clinics.
 */
export function ConnectAppPage() {
  const { t } = useTranslation();
  const requestId = useParams().requestId ?? '';
  const [leaving, setLeaving] = useState(false);
  const request = useQuery({
    queryKey: [smartRequestPath(requestId)],
    queryFn: () => getConsentRequest(requestId),
    meta: { errorBanner: false },
  });
  const decide = useMutation({
    meta: { url: smartRequestPath(requestId), errorBanner: false },
    mutationFn: (allow: boolean) => decideConsent(requestId, allow),
    onSuccess: (redirectUrl) => {
      setLeaving(true);
      leavePortal.assign(redirectUrl);
    },
  });
  const failure = request.error ?? decide.error;
  const data = request.data;
  // Decision 0089: a provider's app (user/ scopes) reads their clinics' patients, worded as such.
  const forClinics = data?.reach === 'clinics';
  const groupKey = forClinics ? 'clinicScopeGroup' : 'scopeGroup';
  // Without PATIENT anywhere the server refuses Allow; only Deny is offered, so the app gets its answer.
  const mayAllow = !forClinics || data.clinics.length > 0;
  const areaTitle = useLocation().pathname.startsWith('/provider/')
    ? 'route.provider.connectApp'
    : 'route.user.connectApp';

  return (
    <Stack gap="lg" maw={560}>
      {data ? (
        <>
          <Title order={1}>
            {t(forClinics ? 'connectApp.clinicTitle' : 'connectApp.title', { app: data.appName })}
          </Title>
          <Text id="connect-app-intro">
            {t(forClinics ? 'connectApp.clinicIntro' : 'connectApp.intro', {
              app: data.appName,
              origin: data.redirectOrigin,
            })}
          </Text>
          <List aria-labelledby="connect-app-intro" spacing="xs" data-testid="consent-scopes">
            {data.scopeGroups.map((group) => (
              <List.Item key={group}>{t(`${groupKey}.${group}`)}</List.Item>
            ))}
          </List>
          {forClinics && mayAllow ? (
            <section aria-labelledby="connect-app-clinics">
              <Stack gap="xs">
                <Title order={2} size="h4" id="connect-app-clinics">
                  {t('connectApp.clinicsTitle')}
                </Title>
                <List spacing="xs" aria-labelledby="connect-app-clinics" data-testid="consent-clinics">
                  {data.clinics.map((clinic) => (
                    <List.Item key={clinic.id}>{clinic.name}</List.Item>
                  ))}
                </List>
                <Text size="sm">{t('connectApp.clinicsHint')}</Text>
              </Stack>
            </section>
          ) : null}
          {mayAllow ? (
            <>
              <Text>{t(forClinics ? 'connectApp.clinicReadOnly' : 'connectApp.readOnly')}</Text>
              <Text size="sm">{t('connectApp.revokeHint')}</Text>
            </>
          ) : (
            <Alert color="yellow" role="alert">
              {t('connectApp.noClinics')}
            </Alert>
          )}
        </>
      ) : (
        <Title order={1}>{t(areaTitle)}</Title>
      )}
      {request.isPending ? <Text role="status">{t('connectApp.loading')}</Text> : null}
      {failure ? (
        <Alert color="red" role="alert">
          {errorText(failure)}
        </Alert>
      ) : null}
      {leaving ? <Text role="status">{t('connectApp.leaving')}</Text> : null}
      {data && !leaving ? (
        <Group>
          {mayAllow ? (
            <Button
              loading={decide.isPending && decide.variables}
              disabled={decide.isPending}
              onClick={() => {
                decide.mutate(true);
              }}
            >
              {t('connectApp.allow')}
            </Button>
          ) : null}
          <Button
            variant="outline"
            loading={decide.isPending && !decide.variables}
            disabled={decide.isPending}
            onClick={() => {
              decide.mutate(false);
            }}
          >
            {t('connectApp.deny')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
