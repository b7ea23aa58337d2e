import { useState, useSyncExternalStore } from 'react';
import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { isSwitchedToFamilyMember } from '../../../lib/auth/patient-switch.ts';
import { getSession, subscribeSession } from '../../../lib/auth/session-store.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { familyOwnerId } from '../api/family-path.ts';
import { familyMembersQuery } from '../api/list-family-members.ts';
import { switchLanding } from '../switch-return.ts';
import { useFamilySwitch } from '../use-family-switch.ts';

interface Profile {
  userId: string;
  name: string;
  image: string | null;
  primary: boolean;
}

/**
 * /user/switch-patient (spec 1 §2 side menu; spec 3 §2, §4 family switch; decision 0036): the primary
 * account and its family members, the profile in use marked; choosing another switches to it (a login
 * as that member, or back to the primary) and lands on `?returnTo` or the default user route.
 */
export function SwitchPatientPage() {
  const { t } = useTranslation('family');
  const { t: tApp } = useTranslation();
  const title = tApp('route.user.switchPatient');
  const config = useAppConfig();
  const [params] = useSearchParams();
  const landing = switchLanding(params.get('returnTo'));
  const switched = useSyncExternalStore(subscribeSession, isSwitchedToFamilyMember);
  const ownerId = familyOwnerId();
  const family = useQuery({
    ...familyMembersQuery(ownerId ?? ''),
    enabled: ownerId !== null,
    meta: { errorBanner: false },
  });
  const { switchTo, switchBack } = useFamilySwitch();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const activeId = getSession()?.user.id;

  const choose = (profile: Profile) => {
    setBusy(profile.userId);
    setProblem(null);
    const action = profile.primary ? switchBack(landing) : switchTo(profile.userId, landing);
    action
      .catch(() => {
        setProblem(t('switchFailed'));
      })
      .finally(() => {
        setBusy(null);
      });
  };

  if (family.isError || !family.data) {
    return (
      <Stack maw={640}>
        <PageTitle>{title}</PageTitle>
        {family.isError ? (
          <Alert color="red" role="alert">
            {t('loadFailed')}
          </Alert>
        ) : (
          <Text role="status">{t('loading')}</Text>
        )}
      </Stack>
    );
  }

  const { primaryUser, members } = family.data;
  const profiles: Profile[] = [
    { userId: primaryUser.id, name: primaryUser.name, image: primaryUser.image, primary: true },
    ...members.map((member) => ({
      userId: member.userId,
      name: member.name,
      image: member.image,
      primary: false,
    })),
  ];
  // spec 3 §2: adding is offered only in the care-plan app, and not in a family member's session.
  const canAdd = config.variant === 'care-plan' && !switched;

  return (
    <Stack maw={640}>
      <PageTitle>{title}</PageTitle>
      {members.length > 0 ? <Text>{t('switchPatient.intro')}</Text> : null}
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Stack
        component="ul"
        gap="sm"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('switchPatient.listLabel')}
      >
        {profiles.map((profile) => {
          const active = profile.userId === activeId;
          return (
            <Paper
              key={profile.userId}
              withBorder
              p="md"
              component="li"
              aria-current={active ? 'true' : undefined}
              data-testid="switch-patient-profile"
            >
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm">
                  {profile.image ? (
                    <img src={profile.image} alt="" width={40} height={40} className="app-avatar" />
                  ) : null}
                  <Text fw={600}>{profile.name}</Text>
                  {profile.primary ? (
                    <Badge variant="light" color="dark">
                      {t('primaryBadge')}
                    </Badge>
                  ) : null}
                  {active ? (
                    <Badge variant="filled" color="dark">
                      {t('activeBadge')}
                    </Badge>
                  ) : null}
                </Group>
                {active ? null : (
                  <Button
                    loading={busy === profile.userId}
                    disabled={busy !== null && busy !== profile.userId}
                    onClick={() => {
                      choose(profile);
                    }}
                  >
                    {profile.primary
                      ? t('switchBack', { name: profile.name })
                      : t('switchTo', { name: profile.name })}
                  </Button>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {members.length === 0 ? (
        <Stack gap="xs">
          <Text>{t('switchPatient.empty')}</Text>
          {canAdd ? (
            <>
              <Text size="sm">{t('switchPatient.addHint')}</Text>
              <Group>
                <ButtonLink to="/user/family/connect">{t('add')}</ButtonLink>
              </Group>
            </>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
