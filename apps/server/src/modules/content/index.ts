/** The content module's face for other modules. (Issue 16 moves the rest of the module's exports here.) */
export { listContentPages, pickupPoints, type PickupPoint } from './queries.js';
