import { useState } from 'react';
import { Alert, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { DEFAULT_LANGUAGE, isLanguage } from '../../lib/i18n/i18n.ts';
import { downloadRecord, type RecordFormat } from './download-record.ts';

export interface RecordDownloadButtonsProps {
  basePath: string;
  pdfLabel: string;
  jsonLabel: string;
  /** The group's accessible name (what the two buttons download). */
  groupLabel: string;
}

/**
 * The two downloads of a record (decision 0086): the PDF summary and the FHIR data. A failed
 * download shows the server's message; the button says it is working while the file is made.
 */
export function RecordDownloadButtons(props: RecordDownloadButtonsProps) {
  const { i18n } = useTranslation();
  const [busy, setBusy] = useState<RecordFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (format: RecordFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadRecord(
        props.basePath,
        format,
        isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE,
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" role="group" aria-label={props.groupLabel}>
        <Button
          variant="outline"
          loading={busy === 'pdf'}
          disabled={busy !== null}
          onClick={() => void download('pdf')}
        >
          {props.pdfLabel}
        </Button>
        <Button
          variant="outline"
          loading={busy === 'json'}
          disabled={busy !== null}
          onClick={() => void download('json')}
        >
          {props.jsonLabel}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
