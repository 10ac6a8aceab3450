import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import * as z from 'zod/mini';
import { checkInPageLinkSchema, type CheckInPageLink } from '#domain/check-in-page';
import type { AppConfig } from '../config';
import { pathId } from '../lib/schemas';
import { checkInPath } from './page';
import { slugOf } from './queries';

const checkInPageLinkAnswer = checkInPageLinkSchema.register(z.globalRegistry, {
  id: 'CheckInPageLink',
  description: "The business's check-in page: its address and a QR code of it (SVG) for a poster at the counter.",
});

/** The page's address under APP_URL, and its QR code made here (the browser's bundle stays small). */
export async function checkInPageLink(appUrl: string, slug: string): Promise<CheckInPageLink> {
  const url = `${appUrl}${checkInPath(slug)}`;
  // Error correction M (15%): a poster may get a scratch or a smudge; a quiet zone of 4 modules, as the standard asks.
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return { url, qrSvg };
}

/** The owner's side of the check-in page: its link and QR code, for /business-settings and the printed poster. */
const checkInPageLinkRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.get(
    '/business/get-check-in-page/:businessId',
    {
      config: { business: 'params.businessId' },
      schema: {
        tags: ['Businesses'],
        summary: "The business's check-in page: its address (under APP_URL) and its QR code as SVG",
        params: z.object({ businessId: pathId('The business') }),
        response: { 200: checkInPageLinkAnswer },
      },
    },
    async (request) => checkInPageLink(config.delivery.appUrl, await slugOf(app.db, request.business.id)),
  );
};

export default checkInPageLinkRoutes;
