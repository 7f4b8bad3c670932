import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/content';
import { route } from '../lib/endpoint';
import { answerOversizedUploads } from '../lib/uploads';
import * as bannerService from './admin-banner-service';
import * as service from './admin-service';

/** The back office's Content screen (permission `content`): banners, information pages, FAQ, banner images. */
export default async function contentAdminRoutes(app: FastifyInstance) {
  const db = app.db;
  const zone = app.config.SHOP_TIMEZONE;

  // An upload over MAX_UPLOAD_BYTES fails while the multipart body is read: answered at the image field.
  answerOversizedUploads(app, 'image', 'imageTooLarge');

  route(app, contract.adminBannerList, async () => ({ banners: await bannerService.listBanners(db, zone) }));

  route(app, contract.adminBannerCreate, async ({ input, staff, say }) => {
    const banner = await bannerService.createBanner(db, app.files, zone, staff, input);
    say('bannerAdded');
    return { banner };
  });

  route(app, contract.adminBannerUpdate, async ({ input, staff, say }) => {
    const banner = await bannerService.updateBanner(db, app.files, zone, staff, input.id, input);
    say('bannerSaved');
    return { banner };
  });

  route(app, contract.adminBannerSetActive, async ({ input, staff, say }) => {
    const banner = await bannerService.setBannerActive(db, zone, staff, input.id, input.is_active);
    say(banner.is_active ? 'bannerShown' : 'bannerHidden');
    return { banner };
  });

  route(app, contract.adminBannerDelete, async ({ input, staff, say }) => {
    await bannerService.deleteBanner(db, zone, staff, input.id);
    say('bannerDeleted');
    return { id: input.id };
  });

  route(app, contract.adminBannerReorder, async ({ input, staff, say }) => {
    const banners = await bannerService.reorderBanners(db, zone, staff, input.ids);
    say('contentOrderSaved');
    return { banners };
  });

  route(app, contract.adminContentImageUpload, async ({ input, say }) => {
    const image = input.image instanceof Uint8Array ? input.image : new Uint8Array();
    const stored = await bannerService.uploadImage(app.files, image);
    say('imageUploaded');
    return stored;
  });

  route(app, contract.adminPageGet, async ({ input }) => ({ page: await service.getPage(db, input.slug) }));

  route(app, contract.adminPageUpdate, async ({ input, staff, say }) => {
    const page = await service.updatePage(db, staff, input.slug, {
      title_en: input.title_en,
      title_zh: input.title_zh,
      body_en: input.body_en,
      body_zh: input.body_zh,
      expectedUpdatedAt: input.expected_updated_at,
    });
    say('pageSaved');
    return { page };
  });

  route(app, contract.adminFaqList, async () => ({ faqs: await service.listFaqs(db) }));

  route(app, contract.adminFaqCreate, async ({ input, staff, say }) => {
    const faq = await service.createFaq(db, staff, input);
    say('faqAdded');
    return { faq };
  });

  route(app, contract.adminFaqUpdate, async ({ input, staff, say }) => {
    const faq = await service.updateFaq(db, staff, input.id, input);
    say('faqSaved');
    return { faq };
  });

  route(app, contract.adminFaqDelete, async ({ input, staff, say }) => {
    await service.deleteFaq(db, staff, input.id);
    say('faqDeleted');
    return { id: input.id };
  });

  route(app, contract.adminFaqReorder, async ({ input, staff, say }) => {
    const faqs = await service.reorderFaqs(db, staff, input.ids);
    say('contentOrderSaved');
    return { faqs };
  });
}
