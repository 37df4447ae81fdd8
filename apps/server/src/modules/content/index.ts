/** The content module's face for other modules. (Issue 16 moves the rest of the module's exports here.) */
export { pickupPoints, type PickupPoint } from './pickup.js';
export { listContentPages } from './pages.js';
