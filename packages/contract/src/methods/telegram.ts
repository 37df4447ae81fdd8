import { z } from 'zod';
import { defineMethod, emptyInput, okResult, onlyRoles, signedIn } from '../method.js';
import { Role } from '../roles.js';
import { optionalText } from '../validation.js';

/** How long a link code from the profile stays good (decision 226). */
export const TELEGRAM_CODE_MINUTES = 15;
/** Part numbers one message to the bot may carry. */
export const TELEGRAM_MAX_LINES = 20;

export const telegramStateSchema = z.object({
  /** The supplier's bot is set up (a token in the site settings). */
  enabled: z.boolean(),
  /** The bot's @name, for the link t.me/<name>. */
  botName: z.string(),
  linked: z.boolean(),
  /** The Telegram account the portal account is linked to (its @username, when it has one). */
  username: z.string(),
  linkedAt: z.string().nullable(),
});
export type TelegramState = z.infer<typeof telegramStateSchema>;

export const telegramSettingsSchema = z.object({
  /** A token is stored (it is never sent back). */
  configured: z.boolean(),
  botName: z.string(),
});

export const telegramMethods = {
  /** Whether the bot is set up, and whether the caller's account is linked to it. */
  'telegram/get': defineMethod({
    name: 'telegram/get',
    input: emptyInput,
    result: telegramStateSchema,
    access: signedIn,
  }),
  /**
   * A one-time code the caller sends the bot as `/start CODE` (the deep link does it in one tap); good for
   * `TELEGRAM_CODE_MINUTES`; a new code replaces the last one.
   */
  'telegram/link': defineMethod({
    name: 'telegram/link',
    input: emptyInput,
    result: z.object({ code: z.string(), expiresAt: z.string(), deepLink: z.string() }),
    access: signedIn,
  }),
  /** Unlinks the caller's Telegram account: nothing more is sent there. */
  'telegram/unlink': defineMethod({
    name: 'telegram/unlink',
    input: emptyInput,
    result: okResult,
    access: signedIn,
  }),
  /** The bot's settings (administrators): whether a token is stored, and the bot's @name. */
  'telegram-settings/get': defineMethod({
    name: 'telegram-settings/get',
    input: emptyInput,
    result: telegramSettingsSchema,
    access: onlyRoles(Role.ADMINS),
  }),
  /** Stores the bot's token (from @BotFather) and name; an empty token turns the bot off. */
  'telegram-settings/update': defineMethod({
    name: 'telegram-settings/update',
    input: z.strictObject({
      token: optionalText(200).optional(),
      botName: optionalText(100).optional(),
    }),
    result: telegramSettingsSchema,
    access: onlyRoles(Role.ADMINS),
  }),
};
