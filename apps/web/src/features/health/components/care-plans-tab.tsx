import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CarePlan } from '@app/contracts/care-plans';
import { carePlansQuery } from '../api/list-care-plans.ts';
import { CarePlanForm } from './care-plan-form.tsx';
import { goalTargetText } from './goal-target-text.ts';
import type { HealthTabProps } from './patient-health-page.tsx';
import { QueryState } from './query-state.tsx';
import { formatCalendarDate } from '../../../lib/dates/format-time.ts';

/** Care Plans (add/edit care plan): the patient's plans at this clinic with their goals. */
export function CarePlansTab({ clinicId, patientId }: HealthTabProps) {
  const { t, i18n } = useTranslation('health');
  const { t: tv } = useTranslation('vitals');
  const queryClient = useQueryClient();
  const query = useQuery(carePlansQuery(clinicId, patientId));
  /** null: no form; 'new': adding; a plan: editing it. */
  const [editing, setEditing] = useState<CarePlan | 'new' | null>(null);
  const [saved, setSaved] = useState(false);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const date = (value: string) => formatCalendarDate(value, i18n.language);

  async function afterSave() {
    setEditing(null);
    setSaved(true);
    // The Intellimap and the graphs' goal lines follow the plans.
    await queryClient.invalidateQueries({
      predicate: (entry) =>
        typeof entry.queryKey[0] === 'string' &&
        entry.queryKey[0].startsWith(`/api/provider/clinics/${clinicId}/patients/${patientId}/`),
    });
  }

  if (editing !== null) {
    return (
      <CarePlanForm
        clinicId={clinicId}
        patientId={patientId}
        plan={editing === 'new' ? null : editing}
        onCancel={() => {
          setEditing(null);
        }}
        onSaved={afterSave}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div role="status">{saved ? t('carePlans.saved') : null}</div>
        <Button
          onClick={() => {
            setSaved(false);
            setEditing('new');
          }}
        >
          {t('carePlans.add')}
        </Button>
      </Group>
      {query.data ? (
        query.data.length === 0 ? (
          <Text>{t('carePlans.empty')}</Text>
        ) : (
          query.data.map((plan) => (
            <Paper key={plan.id} withBorder p="md" component="section" aria-labelledby={`plan-${plan.id}`}>
              <Group justify="space-between" align="flex-start">
                <Title order={2} size="h3" id={`plan-${plan.id}`}>
                  {plan.title}
                </Title>
                <Button
                  variant="default"
                  aria-label={t('carePlans.editNamed', { title: plan.title })}
                  onClick={() => {
                    setSaved(false);
                    setEditing(plan);
                  }}
                >
                  {t('carePlans.edit')}
                </Button>
              </Group>
              {plan.notes ? <Text mt="xs">{plan.notes}</Text> : null}
              {plan.goals.length === 0 ? (
                <Text mt="xs">{t('carePlans.noGoals')}</Text>
              ) : (
                <Table mt="sm" striped>
                  <Table.Caption>{t('carePlans.goals')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('carePlans.goalVital')}</Table.Th>
                      <Table.Th scope="col">{t('carePlans.target')}</Table.Th>
                      <Table.Th scope="col">{t('carePlans.goalDue')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {plan.goals.map((goal) => (
                      <Table.Tr key={goal.id}>
                        <Table.Td>{tv(`key.${goal.key}`)}</Table.Td>
                        <Table.Td>{goalTargetText(t, goal, number)}</Table.Td>
                        <Table.Td>{date(goal.dueDate)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          ))
        )
      ) : (
        <QueryState query={query} />
      )}
    </Stack>
  );
}
