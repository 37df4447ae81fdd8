import { DOCUMENT_TYPES, type AccountDocument } from '@portal/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ListHeader } from '../../components/ListHeader';
import { UrlListTable } from '../../components/UrlList';
import { formatDate, money } from '../../lib/format';
import { pageFromQuery, sizeFromQuery } from '../../lib/list-params';
import { notifyError } from '../../lib/notify';
import { documentsQuery, useDocumentFile } from './api';

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/** «Документы»: every closing document of the dealer's companies across orders, with its files to download. */
export default function DocumentsPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const size = sizeFromQuery(params.get('size'));
  const type = DOCUMENT_TYPES.find((k) => k === params.get('type'));
  const list = useQuery(documentsQuery(page, size, type));
  const file = useDocumentFile();
  const files = (d: AccountDocument) => (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
      {d.files.map((f) => (
        <Button
          key={f.id}
          size="small"
          variant="text"
          disabled={file.isPending}
          onClick={() => file.mutate(f.id, { onError: notifyError })}
          aria-label={`${t('download')} ${f.name}`}
          sx={{ textTransform: 'none', p: 0, minWidth: 0, wordBreak: 'break-all', textAlign: 'left' }}
        >
          {f.name}
        </Button>
      ))}
    </Box>
  );
  return (
    <Box>
      <ListHeader
        title={t('documentsTitle')}
        filter={{
          name: 'type',
          label: t('typeFilter'),
          allLabel: t('allTypes'),
          options: DOCUMENT_TYPES.map((k) => ({ value: k, label: t(`type.${k}`) })),
        }}
      />
      <UrlListTable
        query={list}
        label={t('documentsTitle')}
        emptyTitle={t('emptyDocuments')}
        emptyText={t('emptyDocumentsText')}
        rowProps={() => ({ 'data-testid': 'document-row' })}
        columns={[
          {
            header: t('col.document'),
            cell: (d) => (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`type.${d.type}`)} № {d.number}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                  {day(d.date)} · {money(d.sum)}
                </Typography>
              </Box>
            ),
          },
          { header: t('col.date'), from: 'sm', cell: (d) => day(d.date) },
          { header: t('col.sum'), align: 'right', from: 'sm', cell: (d) => money(d.sum) },
          { header: t('col.company'), from: 'md', cell: (d) => d.counterparty.name },
          {
            header: t('col.order'),
            from: 'md',
            cell: (d) =>
              d.orderId ? (
                <Link component={RouterLink} to={`/order/${d.orderId}/`}>
                  {t('orderLink', { id: d.orderId })}
                </Link>
              ) : d.orderFrom1C ? (
                t('from1C')
              ) : (
                ''
              ),
          },
          { header: t('col.files'), cell: files },
        ]}
      />
    </Box>
  );
}
