import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconProgress } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CheckInTask, TaskStatus } from '@app/contracts/check-in';
import { StatusChip } from '../../../components/ui/status-chip.tsx';
import { taskStatusRole } from '../../../components/ui/status-roles.ts';
import { canOpenTask } from '../task-flow.ts';

const STATUS_ICON: Record<TaskStatus, typeof IconCircleCheck> = {
  NEW: IconCircleDashed,
  ACCESSED: IconProgress,
  DONE: IconCircleCheck,
};

/**
 * The tasks of a check-in with their status chip and Start / Continue / Review (spec 2 §4). The
 * status says "Done" once: a done task that may be opened again offers Review, one that may not has
 * no button (issue 18: finished tasks showed "Done" twice).
 */
export function TaskList({
  tasks,
  onOpen,
  busy,
}: {
  tasks: readonly CheckInTask[];
  onOpen: (task: CheckInTask) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('checkIn');
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('dashboard.title')}
    >
      {tasks.map((task) => {
        const done = task.status === 'DONE';
        const label = done
          ? t('action.review')
          : task.status === 'NEW'
            ? t('action.start')
            : t('action.continue');
        const Icon = STATUS_ICON[task.status];
        const openable = canOpenTask(task);
        return (
          <li key={task.taskId} data-testid="check-in-task">
            <Paper withBorder p="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={6} align="flex-start">
                  <Text fw={600}>{task.title}</Text>
                  {task.description ? (
                    <Text size="sm" c="dimmed">
                      {task.description}
                    </Text>
                  ) : null}
                  <StatusChip role={taskStatusRole(task.status)} icon={<Icon size={16} aria-hidden="true" />}>
                    {t(`status.${task.status}`)}
                  </StatusChip>
                </Stack>
                {done && !openable ? null : (
                  <Button
                    variant={done ? 'outline' : 'filled'}
                    disabled={busy || !openable}
                    aria-label={t('action.taskLabel', { action: label, title: task.title })}
                    onClick={() => {
                      onOpen(task);
                    }}
                  >
                    {label}
                  </Button>
                )}
              </Group>
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
