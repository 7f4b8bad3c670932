import { createFaq, type FaqDraft } from './content-faqs-create';
import { updateFaq } from './content-faqs-update';
import { contentKeys, shopKeys, useContentMutation } from './keys';

/** The FAQ editor's save: adds a question (`id` null) or changes one. */
export const useSaveFaq = () =>
  useContentMutation(
    ({ id, draft }: { id: number | null; draft: FaqDraft }) => (id === null ? createFaq(draft) : updateFaq(id, draft)),
    [contentKeys.faqs, shopKeys.faq],
  );
