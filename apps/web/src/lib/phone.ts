/** A `tel:` link of a phone as people write it: «+7 (800) 555-27-40» → `tel:+78005552740`. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
