/** Texts of the dealer's machines and the urgent order «Машина стоит» (decisions 208 and 209). */
export const MACHINE_MESSAGES = {
  ru: {
    'error.machineNotFound': 'Машина не найдена',
    'error.machineTooMany': 'Слишком много машин: не больше {0} в списке',
    'validation.machineModel': 'Выберите модель техники из каталога',
    'validation.machineYear': 'Год выпуска: четыре цифры, от 1900 до следующего года',
    'validation.urgentMachine': 'Укажите машину, которая стоит',
    'order.machine': 'Машина',
    'order.urgent': 'Машина стоит',
  },
  en: {
    'error.machineNotFound': 'Machine not found',
    'error.machineTooMany': 'Too many machines: at most {0} in the list',
    'validation.machineModel': 'Choose the machine model from the catalogue',
    'validation.machineYear': 'Year of manufacture: four digits, from 1900 to next year',
    'validation.urgentMachine': 'Choose the machine that is down',
    'order.machine': 'Machine',
    'order.urgent': 'Machine down',
  },
} as const;
