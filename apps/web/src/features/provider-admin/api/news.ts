import { queryOptions } from '@tanstack/react-query';
import type { NewsItem } from '@app/contracts/worklists';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './clinic-path.ts';

export async function listNews(clinicId: string, signal?: AbortSignal): Promise<NewsItem[]> {
  const { newsListResponseSchema } = await import('@app/contracts/worklists');
  return apiRequest(clinicPath(clinicId, 'news'), newsListResponseSchema, { signal });
}

export function newsQuery(clinicId: string) {
  return queryOptions({
    queryKey: [clinicPath(clinicId, 'news')],
    queryFn: ({ signal }) => listNews(clinicId, signal),
  });
}
