import Alert from '@mui/material/Alert';
import { type Currency } from '@portal/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState, Loading } from '../../components/States';
import { money, num } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { billFile, billQuery, download } from './api';

const cell = { border: '1px solid #000', padding: '2px 4px', verticalAlign: 'top' } as const;

/**
 * The bill of docs/spec/03-entities.md on A4: bank requisites, title, supplier and buyer, lines, totals by currency, the
 * sum in words, stamp and signers. Rows are compact so 20 lines fit one page; the table head repeats
 * and rows never split across pages.
 */
export default function BillPrintPage() {
  const { t } = useTranslation('orders');
  const id = Number(useParams().id);
  const bill = useQuery(billQuery(id));
  if (bill.isPending) return <Loading />;
  if (bill.isError) return <ErrorState error={bill.error} />;
  const b = bill.data;
  document.title = b.title;
  if (b.file) {
    // The supplier attached the bill as a file: that file is the bill (decision 131).
    const attached = b.file;
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto' }} data-testid="bill-attached">
        <Alert severity="info" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t('billAttached', { name: attached.name })}
        </Alert>
        <Button variant="contained" startIcon={<DownloadOutlined />} component="a" href={attached.path}>
          {t('billDownload')}
        </Button>
      </Box>
    );
  }
  // Rows by their code: labels come in the page's language (decision 145).
  const get = (list: typeof b.supplier, code: string) => list.find((l) => l.code === code)?.value ?? '';
  const file = async () => {
    try {
      const f = await billFile(id);
      download(f.path, f.name);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: '190mm',
        mx: 'auto',
        fontSize: '11px',
        lineHeight: 1.3,
        fontFamily: 'Arial, sans-serif',
      }}
      data-testid="bill"
    >
      <GlobalStyles styles={{ '@page': { size: 'A4', margin: '10mm' } }} />
      <Box sx={{ display: 'flex', gap: 1, mb: 2, '@media print': { display: 'none' } }}>
        <Button variant="outlined" onClick={() => window.print()}>
          {t('print')}
        </Button>
        <Button startIcon={<DownloadOutlined />} onClick={() => void file()}>
          {t('xlsx')}
        </Button>
      </Box>
      <table style={{ width: '100%', borderCollapse: 'collapse', marginBottom: 8 }}>
        <tbody>
          <tr>
            <td style={cell} colSpan={2} rowSpan={2}>
              {get(b.supplier, 'BANK')}
              <br />
              <small>{t('billDoc.payeeBank')}</small>
            </td>
            <td style={cell}>{t('billDoc.bik')}</td>
            <td style={cell}>{get(b.supplier, 'BIK')}</td>
          </tr>
          <tr>
            <td style={cell}>{t('billDoc.corr')}</td>
            <td style={cell}>{get(b.supplier, 'CORR_ACCOUNT')}</td>
          </tr>
          <tr>
            <td style={cell}>
              {t('billDoc.innKpp')} {get(b.supplier, 'INN_KPP')}
            </td>
            <td style={cell}>{get(b.supplier, 'NAME')}</td>
            <td style={cell}>{t('billDoc.account')}</td>
            <td style={cell}>{get(b.supplier, 'ACCOUNT')}</td>
          </tr>
        </tbody>
      </table>
      <Box component="h1" sx={{ fontSize: '16px', m: '12px 0 4px', borderBottom: '2px solid #000', pb: '4px' }}>
        {b.title}
      </Box>
      <Box sx={{ mb: 1 }}>{b.subtitle}</Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '110px 1fr', gap: '2px 8px', mb: 1 }}>
        <b>{t('billDoc.supplier')}</b>
        <span>
          {[
            get(b.supplier, 'NAME'),
            `${t('billDoc.innKpp')} ${get(b.supplier, 'INN_KPP')}`,
            get(b.supplier, 'ADDRESS'),
            get(b.supplier, 'PHONE') && `${t('billDoc.phone')} ${get(b.supplier, 'PHONE')}`,
          ]
            .filter(Boolean)
            .join(', ')}
        </span>
        <b>{t('billDoc.buyer')}</b>
        <span>{b.buyer.map((l) => (l.code === 'NAME' ? l.value : `${l.label} ${l.value}`)).join(', ')}</span>
        {b.data.map((d) => (
          <Box key={d.label} sx={{ display: 'contents' }}>
            <b>{d.label}</b>
            <span>{d.value}</span>
          </Box>
        ))}
      </Box>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead style={{ display: 'table-header-group' }}>
          <tr>
            {['№', t('billDoc.item'), t('billDoc.qty'), t('billDoc.unit'), t('billDoc.price'), t('billDoc.sum')].map(
              (h) => (
                <th key={h} style={{ ...cell, background: '#eee' }}>
                  {h}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {b.items.map((i, n) => (
            <tr key={i.id} style={{ breakInside: 'avoid' }}>
              <td style={cell}>{n + 1}</td>
              <td style={cell}>{[i.article, i.name].filter(Boolean).join(' ')}</td>
              <td style={{ ...cell, textAlign: 'right' }}>{num(i.quantity)}</td>
              <td style={cell}>{i.unit}</td>
              <td style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>
                {money(i.price, i.currency as Currency)}
              </td>
              <td style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>
                {money(i.sum, i.currency as Currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Box sx={{ breakInside: 'avoid' }}>
        {b.totals.map((s) => (
          <Box key={s.currency} sx={{ textAlign: 'right', mt: 1 }}>
            <div>
              <b>{t('billDoc.total')}:</b> {money(s.value, s.currency as Currency)}
            </div>
            <div>
              {t('billDoc.vat')}: {money(s.vat, s.currency as Currency)}
            </div>
            <Box sx={{ textAlign: 'left', mt: 1 }}>
              {t('billDoc.toPay')}: <b data-testid="bill-words">{s.words}</b>
            </Box>
          </Box>
        ))}
        <Box sx={{ mt: 1 }}>{b.note}</Box>
        <Box sx={{ position: 'relative', mt: 3, borderTop: '2px solid #000', pt: 2 }}>
          {b.signers.map((s) => (
            <Box key={s.position} sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'flex-end' }}>
              <Box sx={{ width: 130 }}>{s.position}</Box>
              <Box sx={{ borderBottom: '1px solid #000', width: 140, height: 18, position: 'relative' }}>
                {s.signature && (
                  <Box
                    component="img"
                    src={s.signature}
                    alt=""
                    sx={{ position: 'absolute', bottom: 0, left: 10, height: 36, maxWidth: 120 }}
                  />
                )}
              </Box>
              <Box>{s.name}</Box>
            </Box>
          ))}
          {b.stamp ? (
            <Box
              component="img"
              src={b.stamp}
              alt={t('billDoc.stamp')}
              data-testid="bill-stamp"
              sx={{ position: 'absolute', left: 440, top: -10, width: 130, height: 130, objectFit: 'contain' }}
            />
          ) : (
            // No stamp image in the settings: a seal drawn from the supplier's name and ИНН.
            <Box
              role="img"
              aria-label={t('billDoc.stamp')}
              data-testid="bill-stamp"
              sx={{
                position: 'absolute',
                left: 440,
                top: 4,
                width: 110,
                height: 110,
                borderRadius: '50%',
                border: '3px double #1a3d8f',
                color: '#1a3d8f',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                textAlign: 'center',
                fontSize: '10px',
                p: 1,
                transform: 'rotate(-12deg)',
                opacity: 0.8,
              }}
            >
              <span>{get(b.supplier, 'NAME')}</span>
              <span>
                {t('billDoc.inn')} {get(b.supplier, 'INN_KPP').split(' / ')[0]}
              </span>
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
