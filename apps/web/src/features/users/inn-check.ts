import { checkInn } from '@portal/contract';
import { message } from '../../lib/i18n';

/**
 * Why a user's stored ИНН fails the contract's check (its length or its check digits), in the page's
 * language; '' when it passes or is empty. Registration refuses such an ИНН; accounts made before it did,
 * or edited by hand, are shown to the moderator with a warning (decision 190).
 */
export function innProblem(inn: string): string {
  if (!inn) return '';
  const key = checkInn(inn);
  return key ? message(key) : '';
}
