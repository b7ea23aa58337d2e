import { useState, useSyncExternalStore } from 'react';
import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserCheck, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { StatusChip, type StatusRole } from '../../../components/ui/status-chip.tsx';
import { isSwitchedToFamilyMember } from '../../../lib/auth/patient-switch.ts';
import { getSession, subscribeSession } from '../../../lib/auth/session-store.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { isCarePlanApp } from '../../../lib/variant/variant-traits.ts';
import { ConfirmDialog } from '../../appointments/components/confirm-dialog.tsx';
import { familyOwnerId } from '../api/family-path.ts';
import { familyMembersQuery } from '../api/list-family-members.ts';
import { removeFamilyMember } from '../api/remove-family-member.ts';
import { useFamilySwitch } from '../use-family-switch.ts';

interface Profile {
  userId: string;
  name: string;
  image: string | null;
}

function ProfileRow({
  profile,
  badges,
  children,
}: {
  profile: Profile;
  badges: { text: string; role: StatusRole }[];
  children?: React.ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          {profile.image ? (
            <img src={profile.image} alt="" width={40} height={40} className="app-avatar" />
          ) : null}
          <Text fw={600}>{profile.name}</Text>
          {badges.map((badge) => (
            <StatusChip
              key={badge.text}
              role={badge.role}
              icon={badge.role === 'success' ? <IconUserCheck size={16} aria-hidden="true" /> : undefined}
            >
              {badge.text}
            </StatusChip>
          ))}
        </Group>
        <Group gap="xs">{children}</Group>
      </Group>
    </Paper>
  );
}

/** /user/family: spec 3 §2 "Family profiles" list with ADD FAMILY MEMBER, switch and remove. */
export function FamilyPage() {
  const { t } = useTranslation('family');
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const switched = useSyncExternalStore(subscribeSession, isSwitchedToFamilyMember);
  const ownerId = familyOwnerId();
  const family = useQuery({ ...familyMembersQuery(ownerId ?? ''), enabled: ownerId !== null });
  const { switchTo, switchBack } = useFamilySwitch();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Profile | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const activeId = getSession()?.user.id;

  const run = (key: string, action: () => Promise<void>) => {
    setBusy(key);
    setProblem(null);
    action()
      .catch(() => {
        setProblem(t('switchFailed'));
      })
      .finally(() => {
        setBusy(null);
      });
  };

  if (family.isError) {
    return (
      <Stack>
        <PageTitle>{t('listTitle')}</PageTitle>
        <Alert color="red" role="alert">
          {t('loadFailed')}
        </Alert>
      </Stack>
    );
  }
  if (!family.data) {
    return (
      <Stack>
        <PageTitle>{t('listTitle')}</PageTitle>
        <ListSkeleton label={t('loading')} rows={2} />
      </Stack>
    );
  }
  const { primaryUser, members } = family.data;
  // spec 3 §2: adding is offered only in the care-plan app (UnitedMD is one, decision 0037), and not
  // in a family member's session.
  const canAdd = isCarePlanApp(config.variant) && !switched;

  return (
    <Stack>
      <PageTitle>{t('listTitle')}</PageTitle>
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Stack
        component="ul"
        gap="sm"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('listTitle')}
      >
        <ProfileRow
          profile={{ userId: primaryUser.id, name: primaryUser.name, image: primaryUser.image }}
          badges={[
            { text: t('primaryBadge'), role: 'neutral' },
            ...(activeId === primaryUser.id ? [{ text: t('activeBadge'), role: 'success' as const }] : []),
          ]}
        >
          {switched ? (
            <Button
              loading={busy === primaryUser.id}
              onClick={() => {
                run(primaryUser.id, switchBack);
              }}
            >
              {t('switchBack', { name: primaryUser.name })}
            </Button>
          ) : null}
        </ProfileRow>
        {members.map((member) => (
          <ProfileRow
            key={member.userId}
            profile={member}
            badges={activeId === member.userId ? [{ text: t('activeBadge'), role: 'success' }] : []}
          >
            {activeId === member.userId ? null : (
              <Button
                loading={busy === member.userId}
                onClick={() => {
                  run(member.userId, () => switchTo(member.userId));
                }}
              >
                {t('switchTo', { name: member.name })}
              </Button>
            )}
            {/* spec 3 §2: only the primary owner deletes, and only while the owner is the active account. */}
            {switched ? null : (
              <Button
                variant="danger-outline"
                onClick={() => {
                  setRemoveError(null);
                  setRemoving(member);
                }}
              >
                {t('remove', { name: member.name })}
              </Button>
            )}
          </ProfileRow>
        ))}
      </Stack>
      {members.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={24} />}
          title={t('empty')}
          text={canAdd ? t('emptyText') : undefined}
          action={
            canAdd ? (
              <ButtonLink to="/user/family/connect">
                <IconUserPlus size={20} aria-hidden="true" />
                {t('add')}
              </ButtonLink>
            ) : undefined
          }
        />
      ) : null}
      {canAdd && members.length > 0 ? (
        <Group>
          <ButtonLink to="/user/family/connect">{t('add')}</ButtonLink>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title={t('removeTitle')}
        text={t('removeText')}
        yesLabel={t('removeYes')}
        noLabel={t('removeNo')}
        closeLabel={t('close')}
        busy={busy === 'remove'}
        destructive
        error={removeError}
        onNo={() => {
          setRemoving(null);
        }}
        onYes={() => {
          if (!removing || ownerId === null) {
            return;
          }
          setBusy('remove');
          removeFamilyMember(ownerId, removing.userId)
            .then(async () => {
              setRemoving(null);
              await queryClient.invalidateQueries({ queryKey: familyMembersQuery(ownerId).queryKey });
            })
            .catch(() => {
              setRemoveError(t('removeFailed'));
            })
            .finally(() => {
              setBusy(null);
            });
        }}
      />
    </Stack>
  );
}
