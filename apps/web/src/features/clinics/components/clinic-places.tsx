import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClinicLocation } from '@app/contracts/clinic-invitations';
import { mapUrlOf, placeText } from '../clinic-places.ts';

/** A clinic's places: each department's name, its address and a map link (decision 0035). */
export function ClinicPlaces({ clinicName, locations }: { clinicName: string; locations: ClinicLocation[] }) {
  const { t } = useTranslation('clinics');
  if (locations.length === 0) {
    return null;
  }
  return (
    <Stack
      component="ul"
      gap="xs"
      aria-label={t('locations', { clinic: clinicName })}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {locations.map((location) => {
        const place = placeText(location);
        const mapUrl = mapUrlOf(location);
        return (
          <li key={`${location.name}-${place ?? ''}`}>
            <Text fw={600}>{location.name}</Text>
            {place ? (
              <Text component="address" style={{ fontStyle: 'normal' }}>
                {place}
              </Text>
            ) : null}
            {mapUrl ? (
              <Anchor
                href={mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('showOnMapLabel', { place: location.name })}
              >
                {t('showOnMap')}
              </Anchor>
            ) : null}
          </li>
        );
      })}
    </Stack>
  );
}
