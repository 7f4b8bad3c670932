import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { queryKeys } from '@/lib/api/query-keys';
import type { SettingsUpdate } from '../settings-form';
import { settingsKeys } from './keys';
import { updateSettings } from './settings-update';

/**
 * Saves what the form changed (one transaction). The answer is the screen's new data, kept at once. Resolves to the
 * screen's data after the save and the success message.
 */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: Partial<SettingsUpdate>) => {
      let message = '';
      const view = await updateSettings(settings, (text) => {
        message = text;
      });
      client.setQueryData(settingsKeys.all, view);
      return { view, message };
    },
    onSettled: (_data, _error, settings) => {
      // The shop's own answers in this browser (any language): payment methods (the bank account).
      const stale: QueryKey[] = [[queryKeys.paymentMethods()[0]]];
      // A new low-stock default moves the products' low marks and the dashboard's low-stock count.
      if (settings.low_stock_default !== undefined) stale.push(adminKeys.products, adminKeys.dashboard);
      return Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
