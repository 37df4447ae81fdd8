import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { useSlots, type DashboardBlock } from '../../lib/slots';
import { BannersBlock } from './BannersBlock';
import { NewsBlock } from './NewsBlock';

function greetingKey(hour: number): string {
  if (hour < 5) return 'greeting.night';
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.day';
  return 'greeting.evening';
}

/** A block that throws shows its own error; the rest of the dashboard stays. */
class BlockBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <ErrorState error={this.state.error} /> : this.props.children;
  }
}

/** Each block loads by itself: its own query, its own loading and empty state, its own error. */
function Block({ width, children }: { width: DashboardBlock['width']; children: ReactNode }) {
  return (
    // A block with nothing to show for this user (a dealer's block for an administrator) takes no room.
    <Box sx={{ gridColumn: { xs: '1 / -1', md: `span ${width}` }, minWidth: 0, '&:empty': { display: 'none' } }}>
      <BlockBoundary>
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </BlockBoundary>
    </Box>
  );
}

/**
 * 'Рабочий стол': the greeting with the user's name and company, the banners, the latest news and the
 * blocks other features register (last orders, order history, payment prompt, unread notices).
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser().data;
  const blocks = [...(useSlots().dashboardBlocks ?? [])].sort((a, b) => a.order - b.order);
  useEffect(() => {
    document.title = `${t('title')} — ${t('common:appName')}`;
  }, [t]);
  if (!user) return null;
  const name = [user.firstName, user.middleName].filter(Boolean).join(' ') || user.login;
  const before = blocks.filter((b) => b.order < 50);
  const after = blocks.filter((b) => b.order >= 50);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper
        sx={{
          p: 3,
          background: (theme) => `linear-gradient(120deg, ${theme.palette.primary.main}, #0b6b3a)`,
          color: '#fff',
        }}
      >
        <Typography variant="h1" component="h1">
          {t(greetingKey(new Date().getHours()), { name })}
        </Typography>
        {user.company && <Typography sx={{ mt: 1, opacity: 0.9 }}>{user.company}</Typography>}
      </Paper>
      <BlockBoundary>
        <BannersBlock />
      </BlockBoundary>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'repeat(12, minmax(0, 1fr))' }}>
        {before.map((b) => (
          <Block key={b.id} width={b.width}>
            <b.Component />
          </Block>
        ))}
        <Block width={after.length || before.length ? 6 : 12}>
          <NewsBlock />
        </Block>
        {after.map((b) => (
          <Block key={b.id} width={b.width}>
            <b.Component />
          </Block>
        ))}
      </Box>
    </Box>
  );
}
