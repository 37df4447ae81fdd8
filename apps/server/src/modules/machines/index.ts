/**
 * The machines module's face (decision 208): the dealer's machines. The catalogue narrows «для моей техники»
 * through `machineModelsFor` (registered by the app); checkout reads the chosen machine with `ownMachine`.
 */
export { machinesHandlers } from './handlers.js';
export { machineModelsFor } from './models.js';
export { ownMachine, type MachineRow } from './queries.js';
