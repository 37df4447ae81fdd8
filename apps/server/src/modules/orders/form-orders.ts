import { checkOrderFieldsWith } from '../forms/index.js';
import { isOrderOf } from './heads.js';

// A form's order field names one of the author's orders: forms sits below orders (docs/architecture.md,
// "Floors"), so orders tells it how to check, as bill-file.ts tells files who reads a bill.
checkOrderFieldsWith(isOrderOf);
