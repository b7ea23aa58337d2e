import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckInTask } from '@app/contracts/check-in';
import { canOpenTask } from '../task-flow.ts';

/** The tasks of a check-in with their status and Start / Continue / Done (spec 2 §4). */
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
        // Issue 18: the status already says 'Done'; the button of a done task says what it does.
        const label =
          task.status === 'DONE'
            ? t('action.review')
            : task.status === 'NEW'
              ? t('action.start')
              : t('action.continue');
        return (
          <li key={task.taskId} data-testid="check-in-task">
            <Paper withBorder p="md">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={4}>
                  <Text fw={700}>{task.title}</Text>
                  {task.description ? <Text size="sm">{task.description}</Text> : null}
                  <Text size="sm" fw={700}>
                    {t(`status.${task.status}`)}
                  </Text>
                </Stack>
                {canOpenTask(task) ? (
                  <Button
                    variant={task.status === 'DONE' ? 'outline' : 'filled'}
                    disabled={busy}
                    aria-label={t('action.taskLabel', { action: label, title: task.title })}
                    onClick={() => {
                      onOpen(task);
                    }}
                  >
                    {label}
                  </Button>
                ) : null}
              </Group>
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
