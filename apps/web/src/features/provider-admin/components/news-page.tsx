import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { newsQuery } from '../api/news.ts';
import { formatDate, QueryState, WorkspaceScreen } from './workspace-screen.tsx';

/** /provider/news: the Newsfeed of spec 3 §2 (no permission or module in the sidebar table). */
export function NewsPage() {
  const { t } = useTranslation('providerAdmin');
  return (
    <WorkspaceScreen title={t('newsTitle')}>
      {(workspace) => <NewsList clinicId={workspace.clinicId} />}
    </WorkspaceScreen>
  );
}

function NewsList({ clinicId }: { clinicId: string }) {
  const { t, i18n } = useTranslation('providerAdmin');
  const news = useQuery(newsQuery(clinicId));
  if (!news.data) {
    return <QueryState isError={news.isError} isLoading={news.isLoading} />;
  }
  if (news.data.length === 0) {
    return <Text>{t('newsEmpty')}</Text>;
  }
  return (
    <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {news.data.map((item) => (
        <Paper key={item.id} withBorder p="md" component="li">
          <Text component="h2" fw={700} fz="lg">
            {item.title}
          </Text>
          <Text fz="sm" c="gray.7">
            {t('publishedOn', { date: formatDate(item.publishedAt, i18n.language) })}
          </Text>
          <Text mt="xs">{item.body}</Text>
        </Paper>
      ))}
    </Stack>
  );
}
