import type { Supplier } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/** «ООО «ТехЗапчасть», ИНН 7701234560, КПП 770101001, 123100, г. Москва, …, тел. …»: the supplier in one line. */
export function SupplierLine({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation();
  const requisites = supplier.inn ? t('footer.requisites', { inn: supplier.inn, kpp: supplier.kpp || '—' }) : '';
  const phone = supplier.phone ? t('footer.supplierPhone', { phone: supplier.phone }) : '';
  return <>{[supplier.name, requisites, supplier.address, phone].filter(Boolean).join(', ')}</>;
}
