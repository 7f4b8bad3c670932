import type { AdminSettingsView } from '@common/contract/admin/settings';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { queryKeys } from '@/lib/api/query-keys';
import type { FeeUpdate, SettingsUpdate } from '../settings-form';
import { settingsKeys } from './keys';
import { saveDeliveryFees } from './settings-delivery-fees';
import { updateSettings } from './settings-update';

/**
 * Saves what the form changed: the delivery fees, then the other settings (each path is one transaction). Each
 * answer is the screen's new data, kept at once, so after a refusal of the second only what is left is sent again.
 * Resolves to the screen's data after the save and the last success message.
 */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ fees, settings }: { fees: FeeUpdate[]; settings: Partial<SettingsUpdate> }) => {
      const saved: { view?: AdminSettingsView; message: string } = { message: '' };
      const onMessage = (text: string) => {
        saved.message = text;
      };
      const keep = (view: AdminSettingsView) => {
        saved.view = view;
        client.setQueryData(settingsKeys.all, view);
      };
      if (fees.length) keep(await saveDeliveryFees(fees, onMessage));
      if (Object.keys(settings).length) keep(await updateSettings(settings, onMessage));
      if (!saved.view) throw new Error('Nothing to save');
      return { view: saved.view, message: saved.message };
    },
    onSettled: (_data, _error, { settings }) => {
      // The shop's own answers in this browser (any language): states with their fees, payment methods (the bank
      // account), the delivery fee and checkout totals (fees, free-delivery threshold).
      const stale: QueryKey[] = [
        [queryKeys.states()[0]],
        [queryKeys.paymentMethods()[0]],
        [queryKeys.shippingFee(null, 'standard', '')[0]],
        queryKeys.checkoutSummary.all,
      ];
      // A new low-stock default moves the products' low marks and the dashboard's low-stock count.
      if (settings.low_stock_default !== undefined) stale.push(adminKeys.products, adminKeys.dashboard);
      return Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
