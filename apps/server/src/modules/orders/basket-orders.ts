import { readOrderLinesWith } from '../baskets/index.js';
import { ownOrderLines } from './heads.js';

// Repeating an order and the corrective form read the order's lines as a basket does: baskets sits below
// orders (docs/architecture.md, "Floors"), so orders registers its reader, as bill-file.ts does for files.
readOrderLinesWith(ownOrderLines);
