import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { orderKey } from './get-order-details';
import { ORDERS_KEY } from './get-orders';

export interface AddReviewInput {
  order_id: number;
  product_id: number;
  rating: number;
  title: string;
  description: string;
}

export const addReview = (input: AddReviewInput) => api('/v1/add-review', input);

/** Reviews a product of a completed order; the order (its "Reviewed" marks) and the product's reviews reload. */
export const useAddReview = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: ({ review }) => {
      void client.invalidateQueries({ queryKey: orderKey(review.order_id) });
      void client.invalidateQueries({ queryKey: ORDERS_KEY });
      void client.invalidateQueries({ queryKey: ['reviews', review.product_id] });
      void client.invalidateQueries({ queryKey: ['product'] });
    },
  });
};
