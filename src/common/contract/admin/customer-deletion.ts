import { z } from 'zod';
import { defineAdminEndpoint } from '../endpoint';
import { id, optionalText } from '../fields';

/**
 * The owner deletes a customer's account on the customer's request (docs/decisions/050): the same rules as the
 * customer's own deletion (refused while an order is open), confirmed by typing the customer's number, audited.
 */
export const adminCustomerDelete = defineAdminEndpoint({
  path: '/admin/customers/delete',
  permission: 'customers.delete',
  summary: "Delete a customer's account on their request (owner; the customer's number typed as confirmation)",
  request: z.object({
    id: id(),
    /** The customer's number, typed by the owner (`staffDeleteConfirmation`); 422 at `confirm` when it differs. */
    confirm: optionalText(20),
  }),
  response: z.object({ deleted: z.literal(true), id: z.number().int() }),
});
