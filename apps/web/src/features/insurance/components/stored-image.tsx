import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchStoredFile } from '../../../lib/api/stored-file.ts';

/** A stored picture (the request carries the access token, so it is shown from an object URL). */
export function StoredImage({ href, alt, width = 240 }: { href: string; alt: string; width?: number }) {
  const query = useQuery({
    queryKey: ['stored-file', href],
    queryFn: ({ signal }) => fetchStoredFile(href, signal),
    staleTime: Infinity,
    retry: false,
    meta: { errorBanner: false },
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(
    () => () => {
      if (url) {
        URL.revokeObjectURL(url);
      }
    },
    [url],
  );
  if (!url) {
    return <div style={{ width, aspectRatio: '1.586', background: 'var(--mantine-color-gray-1)' }} />;
  }
  return <img src={url} alt={alt} style={{ width, maxWidth: '100%', height: 'auto', borderRadius: 8 }} />;
}
