import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

interface AddReviewInput {
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
      void client.invalidateQueries({ queryKey: queryKeys.order.one(review.order_id) });
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
      void client.invalidateQueries({ queryKey: queryKeys.reviews.ofProduct(review.product_id) });
      void client.invalidateQueries({ queryKey: queryKeys.product.all });
    },
  });
};
