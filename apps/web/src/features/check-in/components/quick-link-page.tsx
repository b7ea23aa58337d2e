import { useEffect, useRef, useState } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MantineScope } from '../../../app/layouts/mantine-scope.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { endSession } from '../../../lib/auth/logout.ts';
import { saveChallenge } from '../../../lib/auth/two-factor-challenge.ts';
import { rememberUrlAfterLogin } from '../../../lib/auth/url-after-login.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { requestToken } from '../../auth/api/request-token.ts';
import { useCompleteLogin } from '../../auth/use-complete-login.ts';
import { quickLinkDestination } from '../quick-link-routing.ts';

/**
 * /quick-link?type&oauthCode&userId&appointmentId&clinicUuid&taskId&threadId (spec 2 §2 Quick-link
 * entry, decision 0019): ends any session of this tab, logs in with the link's single-use code, then
 * goes where the link type says. An account with a second factor is asked for it first. A link that
 * is not valid shows why, then the base url.
 */
export function QuickLinkPage() {
  const { t } = useTranslation('checkIn');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const completeLogin = useCompleteLogin();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    const login = async () => {
      const { quickLinkParamsSchema } = await import('@app/contracts/quick-links');
      const parsed = quickLinkParamsSchema.safeParse(Object.fromEntries(params));
      if (!parsed.success) {
        setFailed(true);
        return;
      }
      const link = parsed.data;
      const destination = quickLinkDestination(link);
      try {
        // The link names its patient: whoever was signed in in this tab is logged out first.
        await endSession({ queryClient });
        const outcome = await requestToken({
          grant_type: 'quick_link',
          client_id: config.clientId,
          code: link.oauthCode,
          user_id: link.userId,
        });
        if (outcome.kind === 'two-factor') {
          const { challenge } = outcome;
          saveChallenge({
            challengeId: challenge.challenge_id,
            kind: challenge.kind,
            channels: challenge.channels,
            loginPath: '/guest/login',
          });
          rememberUrlAfterLogin(destination);
          await navigate(challenge.kind === 'phone' ? '/guest/two-factor-auth' : '/guest/two-factor-login', {
            replace: true,
            state: { codeSent: challenge.kind === 'code' },
          });
          return;
        }
        await completeLogin(outcome.tokens, { search: '', urlAfterLogin: destination });
      } catch {
        setFailed(true);
      }
    };
    void login();
  }, [params, navigate, queryClient, config.clientId, completeLogin]);

  useEffect(() => {
    if (!failed) {
      return undefined;
    }
    // spec 2 §4: on error go to the base url (after the reason was shown).
    const timer = setTimeout(() => {
      void navigate('/', { replace: true });
    }, 4000);
    return () => {
      clearTimeout(timer);
    };
  }, [failed, navigate]);

  // A general route: its layout does not mount Mantine, so the page does.
  return (
    <MantineScope>
      <Stack gap="md" p="md">
        <PageTitle>{t('quickLink.title')}</PageTitle>
        {failed ? (
          <Alert color="red" role="alert">
            {t('quickLink.failed')}
          </Alert>
        ) : (
          <Loader role="status" aria-label={t('quickLink.title')} />
        )}
      </Stack>
    </MantineScope>
  );
}
