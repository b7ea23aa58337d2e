import './health-card.css';
import { useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HealthCard, HealthCardClinic, HealthCardInsurance } from '@app/contracts/health-card';
import { Button } from '../../../components/ui/button.tsx';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { getSession, subscribeSession } from '../../../lib/auth/session-store.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { healthCardQuery } from '../api/get-health-card.ts';
import { formatCalendarDate } from '../../../lib/dates/format-time.ts';

const currentUserId = () => getSession()?.user.id ?? '';

/**
 * The picture in the middle of the QR code and on the card's band: the clinic's logo, else the app's
 * cross in the brand colour (decision 0034). An SVG of our own, so it is never fetched from elsewhere.
 */
function crossMark(colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#ffffff"/><path d="M16 7h8v9h9v8h-9v9h-8v-9H7v-8h9z" fill="${colour}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function formatBirthdate(value: string, language: string): string {
  // A calendar date, not an instant: read and shown in UTC so no zone moves it a day.
  return formatCalendarDate(value, language, 'dateLong');
}

function locationText(clinic: HealthCardClinic): string | null {
  const location = clinic.location;
  if (!location) {
    return null;
  }
  const address = location.address ?? '';
  // Addresses are often stored whole ("120 River Road, Albany, NY 12207"): no city or state twice.
  const place = [location.city, location.state]
    .filter((part): part is string => !!part && !address.toLowerCase().includes(part.toLowerCase()))
    .join(', ');
  return [location.name, address, place].filter(Boolean).join(' · ');
}

function Policy({
  kind,
  title,
  policy,
  emptyText,
}: {
  kind: HealthCardInsurance['kind'];
  title: string;
  policy: HealthCardInsurance | null;
  emptyText: string;
}) {
  const { t } = useTranslation('healthCard');
  const headingId = `health-card-${kind}`;
  return (
    <section className="hc-policy" aria-labelledby={headingId}>
      <h2 className="hc-policy__title" id={headingId}>
        {title}
      </h2>
      {policy ? (
        <dl className="hc-fields">
          <div>
            <dt>{t('payer')}</dt>
            <dd className="hc-policy__payer">{policy.payer}</dd>
          </div>
          <div>
            <dt>{t('plan')}</dt>
            <dd>{policy.planName}</dd>
          </div>
          <div>
            <dt>{t('insuranceNumber')}</dt>
            <dd className="hc-mono">{policy.memberNumber}</dd>
          </div>
          <div>
            <dt>{t('policyHolder')}</dt>
            <dd>{policy.policyHolderName}</dd>
          </div>
        </dl>
      ) : (
        <p className="hc-empty">{emptyText}</p>
      )}
    </section>
  );
}

function MemberCard({ card }: { card: HealthCard }) {
  const { t, i18n } = useTranslation('healthCard');
  const config = useAppConfig();
  const { patient, clinics, insurance } = card;
  const home = clinics[0] ?? null;
  const mark = home?.logo ?? crossMark(config.branding.backgroundColor);
  const noInsurance = !insurance.primary && !insurance.secondary;

  return (
    <article className="hc-card" aria-label={t('cardLabel', { name: patient.name })}>
      <header className="hc-card__band">
        <img className="hc-card__logo" src={mark} alt="" width={40} height={40} />
        <div>
          <p className="hc-card__clinic">{home?.name ?? config.appName}</p>
          <p className="hc-card__kind">{t('memberCard')}</p>
        </div>
      </header>
      <div className="hc-card__body">
        <dl className="hc-fields hc-identity">
          <div>
            <dt>{t('member')}</dt>
            <dd className="hc-identity__name">{patient.name}</dd>
          </div>
          <div>
            <dt>{t('dateOfBirth')}</dt>
            <dd>
              {patient.birthdate
                ? formatBirthdate(patient.birthdate, i18n.language)
                : t('dateOfBirthMissing')}
            </dd>
          </div>
          <div>
            <dt>{t('memberId')}</dt>
            <dd className="hc-mono hc-identity__member-id">{patient.memberId}</dd>
          </div>
        </dl>
        <figure className="hc-qr">
          <QrCode
            data={patient.memberId}
            label={t('qrLabel', { memberId: patient.memberId })}
            image={mark}
            className="hc-qr__code"
          />
          <figcaption>{t('qrCaption')}</figcaption>
        </figure>
      </div>
      {noInsurance ? (
        <section className="hc-policies" aria-labelledby="health-card-insurance">
          <h2 className="hc-policy__title" id="health-card-insurance">
            {t('insurance')}
          </h2>
          <p className="hc-empty">{t('noInsurance')}</p>
        </section>
      ) : (
        <div className="hc-policies hc-policies--two">
          <Policy kind="primary" title={t('primary')} policy={insurance.primary} emptyText={t('noPrimary')} />
          <Policy
            kind="secondary"
            title={t('secondary')}
            policy={insurance.secondary}
            emptyText={t('noSecondary')}
          />
        </div>
      )}
      <section className="hc-clinics" aria-labelledby="health-card-clinics">
        <h2 className="hc-policy__title" id="health-card-clinics">
          {clinics.length > 1 ? t('clinics') : t('clinic')}
        </h2>
        {clinics.length === 0 ? (
          <p className="hc-empty">{t('noClinic')}</p>
        ) : (
          <ul>
            {clinics.map((clinic) => {
              const where = locationText(clinic);
              return (
                <li key={clinic.id}>
                  <span className="hc-clinics__name">{clinic.name}</span>{' '}
                  <span className="hc-clinics__number">{t('clinicId', { number: clinic.clinicNumber })}</span>
                  {where ? <span className="hc-clinics__where">{where}</span> : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </article>
  );
}

/** /user/single/health-card (spec 1 §2 side menu; issue 16, decision 0034): the patient's member card. */
export function HealthCardPage() {
  const { t } = useTranslation('healthCard');
  const userId = useSyncExternalStore(subscribeSession, currentUserId);
  const card = useQuery(healthCardQuery(userId));

  return (
    <div className="hc-page">
      <div className="hc-screen-only">
        <PageTitle>{t('title')}</PageTitle>
        <p className="hc-intro">{t('intro')}</p>
      </div>
      {card.isError ? (
        <Alert color="red" role="alert" className="hc-screen-only">
          {t('loadFailed')}{' '}
          <Button
            variant="outline"
            onClick={() => {
              void card.refetch();
            }}
          >
            {t('retry')}
          </Button>
        </Alert>
      ) : card.data ? (
        <>
          <MemberCard card={card.data} />
          <div className="hc-actions hc-screen-only">
            <Button
              onClick={() => {
                window.print();
              }}
            >
              {t('print')}
            </Button>
          </div>
        </>
      ) : (
        // The shape of the card while it loads (docs/design.md "Loading").
        <ListSkeleton label={t('loading')} rows={1} rowHeight={240} />
      )}
    </div>
  );
}
