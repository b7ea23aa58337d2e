import { useState, type SubmitEvent } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  FAMILY_PASSWORD_MAX,
  FAMILY_PASSWORD_MIN,
  FAMILY_USERNAME_MAX,
  isOwnUsername,
} from '@app/contracts/family';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useCurrentUser } from '../../auth/api/get-current-user.ts';
import { connectFamilyMember } from '../api/connect-family-member.ts';
import { familyOwnerId } from '../api/family-path.ts';
import { familyMembersQuery } from '../api/list-family-members.ts';

/** /user/family/connect: spec 3 §2 "Add family member", rules of spec 3 §5, failure of spec 3 §8. */
export function FamilyConnectPage() {
  const { t } = useTranslation('family');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  const trimmed = username.trim();
  const usernameError = !trimmed
    ? t('usernameRequired')
    : trimmed.length > FAMILY_USERNAME_MAX
      ? t('usernameTooLong')
      : isOwnUsername(trimmed, me.data?.username)
        ? t('connectYourself')
        : null;
  const passwordError =
    password.length < FAMILY_PASSWORD_MIN || password.length > FAMILY_PASSWORD_MAX
      ? t('passwordLength')
      : null;
  // "You can not connect yourself" shows as soon as it applies; the other messages after a submit.
  const shownUsernameError = submitted || usernameError === t('connectYourself') ? usernameError : null;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const ownerId = familyOwnerId();
    if (usernameError || passwordError || ownerId === null) {
      return;
    }
    setPending(true);
    const connected = await connectFamilyMember(ownerId, { username: trimmed, rawPassword: password });
    setPending(false);
    // spec 3 §8: a failed connect resolves to false and nothing happens.
    if (connected) {
      await queryClient.invalidateQueries({ queryKey: familyMembersQuery(ownerId).queryKey });
      await navigate('/user/family');
    }
  };

  return (
    <Stack maw={480}>
      <PageTitle>{t('connectTitle')}</PageTitle>
      <Text>{t('connectIntro')}</Text>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          <TextField
            label={t('username')}
            name="username"
            autoComplete="off"
            value={username}
            maxLength={FAMILY_USERNAME_MAX + 20}
            error={shownUsernameError}
            onChange={(event) => {
              setUsername(event.target.value);
            }}
          />
          <PasswordField
            label={t('password')}
            toggleLabel={t('showPassword')}
            name="password"
            autoComplete="off"
            value={password}
            error={submitted ? passwordError : null}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
          />
          <Group>
            <Button type="submit" loading={pending}>
              {t('connect')}
            </Button>
            <ButtonLink to="/user/family" variant="outline">
              {t('cancel')}
            </ButtonLink>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
