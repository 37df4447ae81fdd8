import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { answerListQuery, formListQuery } from './api';
import { AnswerStatusChip } from './AnswerStatusChip';

/** /forms/: every form a dealer may fill in, and what they have sent. */
export default function FormsPage() {
  const { t } = useTranslation('forms');
  const forms = useQuery(formListQuery());
  const answers = useQuery(answerListQuery(1, 20));
  return (
    <Box>
      <PageHeader title={t('list.title')} />
      {forms.isPending ? (
        <Loading />
      ) : forms.isError ? (
        <ErrorState error={forms.error} onRetry={() => void forms.refetch()} />
      ) : forms.data.count === 0 ? (
        <EmptyState title={t('list.empty')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 4 }}>
          {forms.data.items.map((f) => (
            <Card key={f.id}>
              <CardActionArea component={RouterLink} to={`/form/${f.id}/`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                    {f.title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {f.description}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        {t('list.sent')}
      </Typography>
      <Paper>
        {answers.isPending ? (
          <Loading />
        ) : answers.isError ? (
          <ErrorState error={answers.error} onRetry={() => void answers.refetch()} />
        ) : answers.data.count === 0 ? (
          <EmptyState title={t('list.noneSent')} />
        ) : (
          <List>
            {answers.data.items.map((a) => (
              <ListItem key={a.id} secondaryAction={<AnswerStatusChip answer={a} />}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/support/${a.id}/`}>
                      {a.title}
                    </Link>
                  }
                  secondary={`${a.form.title} · ${formatDate(a.date, true)}`}
                  sx={{ pr: 12, overflowWrap: 'anywhere' }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}
