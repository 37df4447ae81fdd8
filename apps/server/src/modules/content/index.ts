/** The content module's face for other modules. */
export { listContentPages, pickupPoints, type PickupPoint } from './queries.js';
