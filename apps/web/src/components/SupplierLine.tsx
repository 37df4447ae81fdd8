import type { Supplier } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/**
 * «ООО «ТехЗапчасть», ИНН 7701234560, КПП 770101001, 123100, г. Москва, …»: the supplier in one line. The
 * phone is not in it: the footer and the printed order show it beside the line, once (decision 190).
 */
export function SupplierLine({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation();
  const requisites = supplier.inn ? t('footer.requisites', { inn: supplier.inn, kpp: supplier.kpp || '—' }) : '';
  return <>{[supplier.name, requisites, supplier.address].filter(Boolean).join(', ')}</>;
}
