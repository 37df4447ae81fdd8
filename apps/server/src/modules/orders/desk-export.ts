import { formatDate, type DeskOrder, type Language } from '@portal/contract';
import ExcelJS from 'exceljs';

/** The desk's list as a workbook (decision 196): one row per order, what the list shows and the flags. */
export async function deskOrdersWorkbook(orders: DeskOrder[], language: Language): Promise<Buffer> {
  const ru = language !== 'en';
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(ru ? 'Заказы дилеров' : 'Dealers’ orders');
  ws.columns = [
    { header: '№', key: 'id', width: 8 },
    { header: ru ? 'Дата' : 'Date', key: 'date', width: 18 },
    { header: ru ? 'Дилер' : 'Dealer', key: 'dealer', width: 28 },
    { header: ru ? 'Логин' : 'Login', key: 'login', width: 16 },
    { header: ru ? 'Компания' : 'Company', key: 'company', width: 30 },
    { header: ru ? 'Статус' : 'Status', key: 'status', width: 16 },
    { header: ru ? 'Оплачен' : 'Paid', key: 'paid', width: 10 },
    { header: ru ? 'Есть проблемы' : 'Has problems', key: 'warning', width: 14 },
    { header: ru ? 'Позиций' : 'Lines', key: 'lines', width: 10 },
    { header: ru ? 'Сумма' : 'Sum', key: 'price', width: 14, style: { numFmt: '#,##0.00' } },
    { header: ru ? 'Валюта' : 'Currency', key: 'currency', width: 10 },
  ];
  ws.getRow(1).font = { bold: true };
  const yes = ru ? 'да' : 'yes';
  for (const o of orders) {
    ws.addRow({
      id: o.id,
      date: formatDate(o.dateCreate, language, true),
      dealer: o.dealer.name,
      login: o.dealer.login,
      company: o.counterparty?.name ?? '',
      status: o.status.name,
      paid: o.isPayment ? yes : '',
      warning: o.isWarning ? yes : '',
      lines: o.lineCount,
      price: o.price,
      currency: o.currency,
    });
  }
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
