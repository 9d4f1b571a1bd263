import { t } from '@ordering/common';
import { z } from 'zod';
import { DomainError } from '../../core/errors.js';
import { defineResource } from '../../crud/resource.js';
import { fields } from '../../core/validation.js';
import { halfDays } from '../operations.validation.js';
import { HolidayBalance } from './holiday-balance.entity.js';

export const HOLIDAY_BALANCE_NAMES = { plural: 'Urlaubskonten', singular: 'Urlaubskonto' };

export const holidayBalanceInput = z.object({
  user: fields.ref(),
  year: z.number().int().min(2000).max(2100),
  entitlementDays: halfDays(0, 366).optional(),
  /** The contract's name for the entitlement; used when `entitlementDays` is not sent (or not changed). */
  days: halfDays(0, 366).optional(),
  carriedOverDays: halfDays(-366, 366).default(0),
  comment: fields.optionalText(2000),
});

/**
 * The stored part of a holiday balance. Served by {@link HolidayBalanceService} (own controller: employees
 * read only their own balance, only the management writes, and the days taken are added to every answer).
 */
export const holidayBalanceResource = defineResource({
  path: 'holiday-balances',
  entity: HolidayBalance,
  names: HOLIDAY_BALANCE_NAMES,
  input: holidayBalanceInput,
  read: 'time-tracking:read',
  write: 'time-tracking:write',
  relations: ['user'],
  filters: {
    user: { type: 'number' },
    year: { type: 'number' },
  },
  sortable: ['year', 'entitlementDays'],
  defaultSort: '-year',
  trackVersion: false,
  assign: async (em, balance, input) => {
    const stored = balance.id ? await em.findOneBy(HolidayBalance, { id: balance.id }) : null;
    // `days` counts when it is the only one sent, or when it is the one that changed.
    const daysChanged = input.days !== undefined && (!stored || input.days !== stored.entitlementDays);
    const entitlementChanged =
      input.entitlementDays !== undefined && (!stored || input.entitlementDays !== stored.entitlementDays);
    const entitlement =
      entitlementChanged || !daysChanged ? (input.entitlementDays ?? stored?.entitlementDays) : input.days;
    if (entitlement === undefined)
      throw new DomainError('validation', t('validation.blank'), 'entitlementDays');
    balance.entitlementDays = entitlement;
    const duplicate = await em
      .getRepository(HolidayBalance)
      .createQueryBuilder('h')
      .where('h.user = :user AND h.year = :year', { user: balance.user.id, year: balance.year })
      .andWhere(balance.id ? 'h.id <> :id' : '1 = 1', { id: balance.id })
      .getExists();
    if (duplicate) throw new DomainError('conflict', t('validation.unique'), 'year');
  },
});
