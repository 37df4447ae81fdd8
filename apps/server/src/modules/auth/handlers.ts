import type { authMethods } from '@portal/contract';
import type { Handlers } from '../../rest/context.js';
import { accountHandlers } from './account.js';
import { signInHandlers } from './sign-in.js';

export const authHandlers: Handlers<typeof authMethods> = { ...signInHandlers, ...accountHandlers };
