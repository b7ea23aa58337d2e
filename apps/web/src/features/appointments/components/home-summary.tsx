import type { ReactNode } from 'react';
import { Anchor, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconChecklist, IconMessage, IconReceipt } from '@tabler/icons-react';
import { formatCents } from '@app/contracts/money';
import { taskFeedQuery } from '../../check-in/api/task-feed.ts';
import { unreadCountQuery } from '../../messaging/api/get-unread-count.ts';
import { balancesQuery } from '../../payments/api/list-balances.ts';
import { tasksDueCount } from '../home-rules.ts';

interface TileProps {
  id: string;
  icon: ReactNode;
  title: string;
  /** The figure; null while it loads. */
  value: string | null;
  /** Something is waiting for the patient (the figure is drawn stronger). */
  attention: boolean;
  link: { to: string; label: string };
}

function Tile({ id, icon, title, value, attention, link }: TileProps) {
  const { t } = useTranslation('appointments');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      {/* The grid sits inside: Mantine's Paper sets its own display. */}
      <div className="home-tile">
        <ThemeIcon
          size={36}
          radius="xl"
          variant="light"
          color={attention ? 'teal' : 'gray'}
          aria-hidden="true"
          className="home-tile__icon"
        >
          {icon}
        </ThemeIcon>
        <Title order={3} size="h6" id={id} className="home-tile__title">
          {title}
        </Title>
        <div className="home-tile__value">
          {value === null ? (
            <>
              <Skeleton height={22} width="60%" my={2} aria-hidden="true" />
              <VisuallyHidden>{t('home.summaryLoading')}</VisuallyHidden>
            </>
          ) : (
            <Text fw={attention ? 700 : 500} fz="lg" lh={1.3}>
              {value}
            </Text>
          )}
        </div>
        <Anchor component={Link} to={link.to} fw={600} size="sm" className="home-tile__link">
          {link.label}
        </Anchor>
      </div>
    </Paper>
  );
}

/** The patient home's tasks due, balance due and unread messages (decision 0051), each with its way in. */
export function HomeSummary() {
  const { t } = useTranslation('appointments');
  const noBanner = { meta: { errorBanner: false } };
  const feed = useQuery({ ...taskFeedQuery(), ...noBanner });
  const balances = useQuery({ ...balancesQuery(), ...noBanner });
  const unread = useQuery({ ...unreadCountQuery({ kind: 'patient' }), ...noBanner });

  const tasks = feed.data ? tasksDueCount(feed.data.flatMap((item) => item.tasks)) : null;
  const totalCents = balances.data?.totalCents ?? null;
  const messages = unread.data?.count ?? null;
  const failed = t('home.summaryFailed');

  return (
    <section aria-labelledby="home-summary-title">
      <Title order={2} size="h4" id="home-summary-title" mb="sm">
        {t('home.summary')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Tile
          id="home-tasks-title"
          icon={<IconChecklist size={20} stroke={1.75} />}
          title={t('home.tasks')}
          value={
            feed.isError
              ? failed
              : tasks === null
                ? null
                : tasks > 0
                  ? t('home.tasksCount', { count: tasks })
                  : t('home.tasksNone')
          }
          attention={(tasks ?? 0) > 0}
          link={{ to: '/user/task-feed', label: t('home.tasksLink') }}
        />
        <Tile
          id="home-balance-title"
          icon={<IconReceipt size={20} stroke={1.75} />}
          title={t('home.balance')}
          value={
            balances.isError
              ? failed
              : totalCents === null
                ? null
                : totalCents > 0
                  ? formatCents(totalCents)
                  : t('home.balanceNone')
          }
          attention={(totalCents ?? 0) > 0}
          link={{
            to: '/user/outstanding-balance-list',
            label: (totalCents ?? 0) > 0 ? t('home.balanceLink') : t('home.balanceLinkNone'),
          }}
        />
        <Tile
          id="home-messages-title"
          icon={<IconMessage size={20} stroke={1.75} />}
          title={t('home.messages')}
          value={
            unread.isError
              ? failed
              : messages === null
                ? null
                : messages > 0
                  ? t('home.messagesCount', { count: messages })
                  : t('home.messagesNone')
          }
          attention={(messages ?? 0) > 0}
          link={{ to: '/user/message', label: t('home.messagesLink') }}
        />
      </SimpleGrid>
    </section>
  );
}
