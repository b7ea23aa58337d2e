import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OWN_RECORD_PATH } from '../../record-export/download-record.ts';
import { RecordDownloadButtons } from '../../record-export/record-download-buttons.tsx';

/**
 * Issue 21 item 4 (decision 0086): "Download my record", a PDF summary to read and the FHIR data
 * (JSON) to take to another provider or app.
 */
export function RecordExportSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="record-export-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} id="record-export-title" size="h3">
          {t('recordExport.title')}
        </Title>
        <Text>{t('recordExport.intro')}</Text>
        <RecordDownloadButtons
          basePath={OWN_RECORD_PATH}
          groupLabel={t('recordExport.title')}
          pdfLabel={t('recordExport.pdf')}
          jsonLabel={t('recordExport.json')}
        />
      </Stack>
    </section>
  );
}
