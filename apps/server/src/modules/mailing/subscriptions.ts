import { MAILING_AGREEMENT_CODE } from '@portal/contract';
import { onConsentWithdrawn } from '../forms/index.js';
import { unsubscribe } from './queries.js';

// Withdrawing consent to the mailing agreement also ends the subscription (forms is below: it is told from here).
onConsentWithdrawn(MAILING_AGREEMENT_CODE, unsubscribe);
