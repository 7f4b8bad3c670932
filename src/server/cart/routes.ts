import type { FastifyInstance } from 'fastify';
import { getCart, mergeCart, saveCart } from '../../common/contract/cart';
import { route } from '../lib/endpoint';
import * as savedCart from './saved-cart';

/** The cart kept on the server for a logged-in customer (docs/decisions/052): read, save changes, merge at log-in. */
export default async function cartRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, getCart, async ({ auth, lang }) => savedCart.readCart(db, auth.user.id, lang));

  route(app, saveCart, async ({ auth, input, lang }) => savedCart.saveChanges(db, auth.user.id, lang, input.changes));

  route(app, mergeCart, async ({ auth, input, lang }) =>
    savedCart.mergeLines(db, auth.user.id, lang, input.merge_key, input.items),
  );
}
