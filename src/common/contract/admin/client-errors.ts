import { z } from 'zod';
import { defineAdminEndpoint } from '../endpoint';
import { optional } from '../fields';

/**
 * Errors from shoppers' phones, grouped (docs/decisions/045-errors-from-phones.md): what the owners' System page
 * lists. Owners only (the `settings` permission): a stack names the shop's source files.
 */

const wholeIn = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be from ${min} to ${max}` })
    .max(max, { error: `must be from ${min} to ${max}` });

export const clientErrorGroup = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  /** `file:line` of the first frame in the shop's own code once mapped, else the first frame. */
  top_frame: z.string().nullable(),
  /** The first report's stack, one frame a line. */
  stack: z.string().nullable(),
  /** 'mapped', 'other_build' (reported by a build no longer served: frames as they came) or 'no_build'. */
  stack_state: z.string(),
  build_id: z.string().nullable(),
  route: z.string().nullable(),
  platform: z.string().nullable(),
  platform_version: z.string().nullable(),
  first_seen: z.string(),
  last_seen: z.string(),
  total: z.number().int(),
  /** Reports in the days asked for. */
  recent: z.number().int(),
  days: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type ClientErrorGroup = z.infer<typeof clientErrorGroup>;

export const adminClientErrors = defineAdminEndpoint({
  path: '/admin/client-errors',
  permission: 'settings',
  summary: "Errors from shoppers' devices seen in the last days, grouped, with counts per day",
  request: z.object({
    days: optional(wholeIn(1, 90)),
    limit: optional(wholeIn(1, 200)),
  }),
  response: z.object({ groups: z.array(clientErrorGroup) }),
});
