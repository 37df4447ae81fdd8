import { Role } from '@portal/contract';
import type { Actor } from './actor.js';

/** The supplier's people: administrators and employees (they handle every dealer's requests). */
export const isStaff = (actor: Pick<Actor, 'roles'>) => (actor.roles & (Role.ADMINS | Role.EMPLOYEES)) !== 0;

export const isAdmin = (actor: Pick<Actor, 'roles'>) => (actor.roles & Role.ADMINS) !== 0;

export const isDealer = (actor: Pick<Actor, 'roles'>) => (actor.roles & Role.DEALERS) !== 0;
