import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';

interface ListSkeletonProps {
  /** What is loading, read to screen readers ("Loading appointments"). */
  label: string;
  rows?: number;
  rowHeight?: number;
}

/** Grey placeholder rows in the shape of the list that is loading (docs/design.md). */
export function ListSkeleton({ label, rows = 3, rowHeight = 72 }: ListSkeletonProps) {
  return (
    <Stack gap="sm" role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={rowHeight} radius="md" aria-hidden="true" />
      ))}
    </Stack>
  );
}
