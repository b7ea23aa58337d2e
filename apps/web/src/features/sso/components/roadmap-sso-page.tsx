import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { isBrowserExtensionApp } from '../../../lib/variant/variant-traits.ts';
import { getFeedbackSso } from '../api/get-feedback-sso.ts';

type ScreenState =
  | { kind: 'opening' }
  | { kind: 'not-configured' }
  | { kind: 'failed' }
  /** The browser extension: the roadmap opened in a tab, the extension stays on this screen. */
  | { kind: 'opened' }
  /** The new window was blocked: a click (a user gesture) opens it. */
  | { kind: 'blocked'; url: string };

const PROVIDER_HOME = '/provider/appointments';
const ROADMAP_ROUTE = '/provider/canny-sso-roadmap';

function openInNewWindow(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) {
    return false;
  }
  // The feedback portal must not reach back into this tab (reverse tabnabbing).
  opened.opener = null;
  return true;
}

/** React Router keeps the history index in history.state.idx; 0 means nothing to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * spec 1 §2 roadmap/feedback redirect screen (/provider/canny-sso-roadmap, also the browser-extension
 * app's route): signs the provider in to the feedback portal. Query target: same window by default;
 * 'blank' opens a new window and then goes back. Query redirect: a page of the feedback portal
 * (provider login's feedback-service branch, decision 0011).
 */
export function RoadmapSsoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [state, setState] = useState<ScreenState>({ kind: 'opening' });
  const started = useRef(false);
  // spec 1 §2 (decision 0046): in the browser-extension app the roadmap never replaces the extension's
  // frame (the feedback portal would load inside the extension) and there is no page to go back to:
  // it opens in a new tab, and the extension redirects to /provider/canny-sso-roadmap, saying so.
  const extension = isBrowserExtensionApp(useAppConfig().variant);
  const newWindow = extension || params.get('target') === 'blank';
  const redirect = params.get('redirect');
  const afterOpening = async () => {
    if (extension) {
      setState({ kind: 'opened' });
      await navigate(ROADMAP_ROUTE, { replace: true });
      return;
    }
    await (canGoBack() ? navigate(-1) : navigate(PROVIDER_HOME, { replace: true }));
  };

  useEffect(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    const open = async () => {
      try {
        const answer = await getFeedbackSso(redirect);
        if (!answer.configured) {
          setState({ kind: 'not-configured' });
          return;
        }
        if (!newWindow) {
          window.location.assign(answer.url);
          return;
        }
        if (!openInNewWindow(answer.url)) {
          setState({ kind: 'blocked', url: answer.url });
          return;
        }
        await afterOpening();
      } catch {
        setState({ kind: 'failed' });
      }
    };
    void open();
    // Runs once (started): the redirect to the bare route in the extension must not open it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newWindow, redirect, navigate]);

  return (
    <div className="app-stack" aria-busy={state.kind === 'opening'}>
      <PageTitle>{t('route.provider.cannySsoRoadmap')}</PageTitle>
      {state.kind === 'opening' && (
        <p className="app-text" role="status">
          {t('roadmap.opening')}
        </p>
      )}
      {state.kind === 'not-configured' && (
        <>
          <p className="app-text" role="status">
            {t('roadmap.notConfigured')}
          </p>
          <p className="app-text">{t('roadmap.notConfiguredHelp')}</p>
        </>
      )}
      {state.kind === 'opened' && (
        <p className="app-text" role="status">
          {t('roadmap.openedInNewWindow')}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="app-text" role="alert">
          {t('roadmap.failed')}
        </p>
      )}
      {state.kind === 'blocked' && (
        <Button
          onClick={() => {
            if (openInNewWindow(state.url)) {
              void afterOpening();
            }
          }}
        >
          {t('roadmap.openAgain')}
        </Button>
      )}
      {state.kind !== 'opening' && (
        <ButtonLink variant="outline" to={PROVIDER_HOME}>
          {t('roadmap.back')}
        </ButtonLink>
      )}
    </div>
  );
}
