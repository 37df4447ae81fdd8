/** The few Bot API calls the portal makes (decision 226), against `TELEGRAM_API_URL`. */

export interface TelegramUpdate {
  update_id: number;
  message?: { chat: { id: number }; from?: { username?: string }; text?: string };
  callback_query?: {
    id: string;
    from: { id: number; username?: string };
    message?: { chat: { id: number } };
    data?: string;
  };
}

export interface InlineButton {
  text: string;
  callback_data: string;
}

export interface BotApi {
  getUpdates(offset: number, timeoutSeconds: number): Promise<TelegramUpdate[]>;
  sendMessage(chatId: number, text: string, buttons?: InlineButton[][]): Promise<void>;
  answerCallbackQuery(id: string, text: string): Promise<void>;
}

export function botApi(apiUrl: string, token: string): BotApi {
  async function call<T>(method: string, body: unknown, timeoutMs = 15_000): Promise<T> {
    const response = await fetch(`${apiUrl}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await response.json().catch(() => null)) as {
      ok?: boolean;
      result?: T;
      description?: string;
    } | null;
    // The token stays out of the message: it is the bot's password.
    if (!answer?.ok) throw new Error(`Telegram ${method}: ${response.status} ${answer?.description ?? ''}`.trim());
    return answer.result as T;
  }
  return {
    getUpdates: (offset, timeoutSeconds) =>
      call<TelegramUpdate[]>(
        'getUpdates',
        { offset, timeout: timeoutSeconds, allowed_updates: ['message', 'callback_query'] },
        (timeoutSeconds + 10) * 1000,
      ),
    sendMessage: async (chatId, text, buttons) => {
      await call('sendMessage', {
        chat_id: chatId,
        text,
        ...(buttons ? { reply_markup: { inline_keyboard: buttons } } : {}),
      });
    },
    answerCallbackQuery: async (id, text) => {
      await call('answerCallbackQuery', { callback_query_id: id, text });
    },
  };
}
