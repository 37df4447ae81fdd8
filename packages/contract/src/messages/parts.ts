/** Texts of replacement numbers (decision 205), apart from messages.ts so the keys are added on their own. */
export const PARTS_MESSAGES = {
  ru: {
    'validation.replacementRatio': 'Количество в замене — целое число от 1 до 10000',
    'error.replacementLoop': 'Замена {0} → {1} замкнула бы цепочку замен в кольцо',
    'error.replacementSelf': 'Номер не может заменять сам себя',
  },
  en: {
    'validation.replacementRatio': 'The quantity of a replacement is a whole number from 1 to 10000',
    'error.replacementLoop': 'Replacing {0} by {1} would close the chain of replacements into a loop',
    'error.replacementSelf': 'A number cannot replace itself',
  },
} as const;
