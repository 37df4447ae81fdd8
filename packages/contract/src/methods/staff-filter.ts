import { optionalText } from '../validation.js';

/**
 * The dealer and company filters of staff lists (decision 100): the order desk's fields, reused by the lists of
 * returns, requests and appeals. Text in the dealer's login, name or e-mail; text in the company's name or ИНН.
 * Only staff lists read them: a dealer's list stays their own whatever they send.
 */
export const dealerCompanyFilter = {
  dealer: optionalText(100).optional(),
  company: optionalText(100).optional(),
};
export interface DealerCompanyFilter {
  dealer?: string;
  company?: string;
}
