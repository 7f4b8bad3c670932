import { addressFieldErrors } from '../../common/checkout-rules';
import { type Address, MAX_ADDRESSES } from '../../common/contract/checkout';
import type { Lang } from '../../common/contract/lang';
import { requireLiveAccount } from '../accounts/live-account';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { conflict, invalidField, notFound, unprocessable } from '../lib/errors';
import { addressState, shippingState } from '../shipping/service';
import * as repo from './repository';

/** The state a delivery goes to: an address of the caller's (404 for anyone else's), or a state id. */
export async function resolveState(db: Db, user: User, lang: Lang, ids: { addressId?: number; stateId?: number }) {
  if (ids.addressId !== undefined) {
    const address = await repo.findOwnAddress(db, user.id, ids.addressId, lang);
    if (!address) throw notFound('addressNotFound', 'address_id');
    const state = await shippingState(db, address.state_id);
    if (!state) throw invalidField('state_id', 'selectShippingState');
    return state;
  }
  if (ids.stateId !== undefined) {
    const state = await shippingState(db, ids.stateId);
    if (!state) throw invalidField('state_id', 'selectShippingState');
    return state;
  }
  return null;
}

/** Placing an order: the caller's address with its state (404 at `address_id` for anyone else's, or none). */
export async function deliveryAddress(db: Db, userId: number, addressId: number) {
  const own = await repo.findOwnAddressAndState(db, userId, addressId);
  if (!own) throw notFound('addressNotFound', 'address_id');
  return own;
}

type AddressRow = NonNullable<Awaited<ReturnType<typeof repo.findOwnAddress>>>;

const toAddress = (a: Omit<AddressRow, 'state_name_en' | 'state_name_zh' | 'state_country'>): Address => ({
  id: a.id,
  receiver_name: a.receiver_name,
  phone: a.phone,
  address: a.address,
  city: a.city,
  state_id: a.state_id,
  state_name: a.state_name,
  zip: a.zip,
  company: a.company,
  country: a.country,
  is_default: a.is_default === 1,
});

export async function listAddresses(db: Db, user: User, lang: Lang): Promise<Address[]> {
  return (await repo.listAddresses(db, user.id, lang)).map(toAddress);
}

export interface SaveAddressInput {
  address_id?: number;
  receiver_name?: string;
  phone?: string;
  address?: string;
  city?: string;
  state_id?: number;
  zip?: string;
  company?: string;
  country?: string;
  is_default?: boolean;
}

/**
 * Creates or updates (own only) an address; each blank required field answers its message (docs/product.md section 5).
 */
export async function saveAddress(db: Db, user: User, input: SaveAddressInput, lang: Lang): Promise<Address> {
  const errors = addressFieldErrors(input);
  if (errors.length) throw unprocessable(errors[0]!.key, {}, errors);
  // An address keeps its state when it was retired since (docs/decisions/041); a new choice must be offered.
  const kept =
    input.address_id === undefined
      ? undefined
      : (await repo.findOwnAddress(db, user.id, input.address_id, lang))?.state_id;
  const state = await addressState(db, input.state_id as number, lang, kept);
  if (input.country && input.country.toUpperCase() !== state.country) {
    throw invalidField('country', 'countryStateMismatch');
  }
  const values: repo.AddressValues = {
    receiver_name: (input.receiver_name as string).trim(),
    phone: (input.phone as string).trim(),
    address: (input.address as string).trim(),
    city: (input.city as string).trim(),
    state_id: state.id,
    zip: (input.zip as string).trim(),
    company: input.company?.trim() || null,
    country: state.country,
  };
  const id = await db.transaction().execute(async (trx) => {
    await requireLiveAccount(trx, user.id);
    let addressId: number;
    if (input.address_id !== undefined) {
      const updated = await repo.updateAddress(trx, user.id, input.address_id, values);
      if (!updated) throw notFound('addressNotFound', 'address_id');
      addressId = input.address_id;
    } else {
      const count = await repo.countAddresses(trx, user.id);
      if (count >= MAX_ADDRESSES) throw conflict('addressLimit', { max: MAX_ADDRESSES });
      addressId = await repo.insertAddress(trx, user.id, values, count === 0);
    }
    if (input.is_default) await repo.setDefaultAddress(trx, user.id, addressId);
    return addressId;
  });
  const saved = await repo.findOwnAddress(db, user.id, id, lang);
  if (!saved) throw notFound('addressNotFound');
  return toAddress(saved);
}

export async function deleteAddress(db: Db, user: User, addressId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const own = await repo.findOwnAddress(trx, user.id, addressId, 'en');
    if (!own) throw notFound('addressNotFound', 'address_id');
    if (await repo.addressUsedBySubscription(trx, addressId)) throw conflict('addressInUse');
    await repo.deleteAddress(trx, user.id, addressId);
    if (own.is_default === 1) {
      const next = await repo.findLatestAddress(trx, user.id);
      if (next) await repo.setDefaultAddress(trx, user.id, next.id);
    }
  });
}
