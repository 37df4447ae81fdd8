import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Contact, Department } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { contactsQuery, departmentsQuery } from './api';

function Person({ person }: { person: Contact }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Avatar
          src={person.img?.src}
          alt=""
          sx={{ width: 64, height: 64 }}
          slotProps={{ img: { loading: 'lazy', width: 64, height: 64 } }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500 }}>{person.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {person.jobTitle}
          </Typography>
          {person.phone && (
            <Typography variant="body2" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
              <PhoneIcon fontSize="inherit" aria-hidden />
              <Link href={`tel:${person.phone.replace(/[^\d+]/g, '')}`}>{person.phone}</Link>
            </Typography>
          )}
          {person.email && (
            <Typography
              variant="body2"
              sx={{ display: 'flex', gap: 0.5, alignItems: 'center', overflowWrap: 'anywhere' }}
            >
              <EmailIcon fontSize="inherit" aria-hidden />
              <Link href={`mailto:${person.email}`}>{person.email}</Link>
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function DepartmentNode({
  department,
  all,
  people,
  level,
}: {
  department: Department;
  all: Department[];
  people: Contact[];
  level: number;
}) {
  const children = all.filter((d) => d.parentSectionId === department.id);
  const members = people.filter((p) => p.sectionId === department.id);
  const Heading = level === 0 ? 'h2' : 'h3';
  return (
    <Paper component="section" variant={level === 0 ? 'elevation' : 'outlined'} sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
      <Typography variant={level === 0 ? 'h2' : 'h3'} component={Heading}>
        {department.name}
      </Typography>
      {department.description && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {department.description}
        </Typography>
      )}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
      >
        {members.map((p) => (
          <Person key={p.id} person={p} />
        ))}
      </Box>
      {children.length > 0 && (
        <Box sx={{ mt: 2 }}>
          {children.map((c) => (
            <DepartmentNode key={c.id} department={c} all={all} people={people} level={level + 1} />
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** '/department/' 'Контакты': departments as a tree, each with its people. */
export default function ContactsPage() {
  const { t } = useTranslation('content');
  const departments = useQuery(departmentsQuery);
  const people = useQuery(contactsQuery);
  const error = departments.error ?? people.error;
  return (
    <>
      <PageHeader title={t('contacts.title')} />
      {departments.isPending || people.isPending ? (
        <Loading />
      ) : error || !departments.data || !people.data ? (
        <ErrorState
          error={error}
          onRetry={() => {
            void departments.refetch();
            void people.refetch();
          }}
        />
      ) : departments.data.items.length === 0 ? (
        <EmptyState title={t('contacts.empty')} />
      ) : (
        departments.data.items
          .filter((d) => d.parentSectionId === 0 || !departments.data.items.some((p) => p.id === d.parentSectionId))
          .map((d) => (
            <DepartmentNode
              key={d.id}
              department={d}
              all={departments.data.items}
              people={people.data.items}
              level={0}
            />
          ))
      )}
    </>
  );
}
