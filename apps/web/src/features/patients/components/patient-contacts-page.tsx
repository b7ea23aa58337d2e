import type { ReactNode } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { patientContactsQuery } from '../api/get-patient-contacts.ts';
import { PhoneLink } from '../../../lib/phone/phone-link.tsx';

/** spec 3 §2 patient view, address-and-contacts tab: the demographics contact data, read-only. */
export function PatientContactsPage() {
  const { t } = useTranslation('patients');
  const { patientId = '' } = useParams();
  const workspace = useProviderWorkspace();
  const contacts = useQuery({
    ...patientContactsQuery(workspace.data?.clinicId ?? '', patientId),
    enabled: Boolean(workspace.data),
  });
  const value = (text: string | null | undefined) => (text ? text : t('notGiven'));
  // Issue 18: phones read '(212) 555-0101' and dial from the link.
  const phone = (text: string | null | undefined): ReactNode =>
    text ? <PhoneLink value={text} /> : t('notGiven');
  const data = contacts.data;
  const address = data
    ? [
        data.address.address1,
        data.address.address2,
        [data.address.city, data.address.stateId, data.address.zip].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const emergencyPhone = data?.emergency.phone;
  const emergencyText = data
    ? [data.emergency.name, data.emergency.relationship].filter(Boolean).join(' · ')
    : '';
  const emergency: ReactNode =
    emergencyText || emergencyPhone ? (
      <>
        {emergencyText}
        {emergencyText && emergencyPhone ? ' · ' : null}
        {emergencyPhone ? <PhoneLink value={emergencyPhone} /> : null}
      </>
    ) : (
      t('notGiven')
    );
  const rows: [string, ReactNode][] = data
    ? [
        [t('email'), value(data.email)],
        [t('mobilePhone'), phone(data.mobilePhone)],
        [t('homePhone'), phone(data.homePhone)],
        [t('address'), value(address)],
        [t('emergencyContact'), emergency],
      ]
    : [];
  return (
    <Stack gap="md">
      <Title order={2}>{t('contactsTitle')}</Title>
      {contacts.isPending ? <Text role="status">{t('loading')}</Text> : null}
      {contacts.isError ? (
        <Alert color="red" role="alert">
          {t('noAccess')}
        </Alert>
      ) : null}
      {data ? (
        <dl style={{ margin: 0 }}>
          {rows.map(([label, text]) => (
            <div key={label} style={{ marginBottom: 8 }}>
              <dt>
                <Text fw={700} size="sm">
                  {label}
                </Text>
              </dt>
              <dd style={{ margin: 0 }}>
                <Text>{text}</Text>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Stack>
  );
}
