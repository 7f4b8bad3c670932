import type { CouponKind } from '@common/checkout-rules';
import type { AdminCoupon } from '@common/contract/admin/coupons';
import { type CouponDraft, type CouponFieldProblem, couponDraftProblems } from '@common/coupon-rules';
import { centsToDecimal, parseDollarsToCents } from '@common/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import type { CouponFields } from '../api/coupons-create';

/**
 * The coupon form's state: the typed values, the errors at each field, and the submit that checks them with the
 * server's own rules (src/common/coupon-rules.ts) before sending; a refusal from the server shows at the field it
 * names, or above the button.
 */

type Values = {
  code: string;
  kind: CouponKind;
  value: string;
  minSpend: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  perUserLimit: string;
};
type FieldName = keyof CouponDraft;
type Errors = Partial<Record<FieldName | 'form', string>>;

/** The contract's fields, in form order (a server refusal names one of them). */
const FIELDS: FieldName[] = [
  'code',
  'kind',
  'value',
  'min_spend_cents',
  'starts_on',
  'ends_on',
  'usage_limit',
  'per_user_limit',
];

function initialValues(c?: AdminCoupon): Values {
  if (!c) {
    return {
      code: '',
      kind: 'percent',
      value: '',
      minSpend: '0.00',
      startsOn: '',
      endsOn: '',
      usageLimit: '',
      perUserLimit: '',
    };
  }
  return {
    code: c.code,
    kind: c.kind,
    value: c.kind === 'percent' ? String(c.value) : centsToDecimal(c.value),
    minSpend: centsToDecimal(c.min_spend_cents),
    startsOn: c.starts_on ?? '',
    endsOn: c.ends_on ?? '',
    usageLimit: c.usage_limit === null ? '' : String(c.usage_limit),
    perUserLimit: c.per_user_limit === null ? '' : String(c.per_user_limit),
  };
}

const WHOLE = /^\d{1,9}$/;

/** The typed values as the contract's fields, with what could not be read (a bad amount or count) per field. */
function read(v: Values): { fields: CouponFields; unreadable: Array<{ field: FieldName; key: CouponFieldProblem }> } {
  const unreadable: Array<{ field: FieldName; key: CouponFieldProblem }> = [];
  const count = (text: string, field: FieldName, key: CouponFieldProblem): number | undefined => {
    if (!text.trim()) return undefined;
    if (WHOLE.test(text.trim())) return Number(text.trim());
    unreadable.push({ field, key });
    return undefined;
  };
  let value = Number.NaN;
  if (v.kind === 'percent') {
    if (WHOLE.test(v.value.trim())) value = Number(v.value.trim());
  } else {
    value = parseDollarsToCents(v.value) ?? Number.NaN;
  }
  if (Number.isNaN(value)) {
    unreadable.push({ field: 'value', key: v.kind === 'percent' ? 'couponPercentInvalid' : 'couponFixedInvalid' });
  }
  const minSpend = v.minSpend.trim() ? parseDollarsToCents(v.minSpend) : 0;
  if (minSpend === null) unreadable.push({ field: 'min_spend_cents', key: 'couponMinSpendInvalid' });
  const fields: CouponFields = {
    code: v.code.trim(),
    kind: v.kind,
    value,
    min_spend_cents: minSpend ?? 0,
    starts_on: v.startsOn || undefined,
    ends_on: v.endsOn || undefined,
    usage_limit: count(v.usageLimit, 'usage_limit', 'couponUsageLimitInvalid'),
    per_user_limit: count(v.perUserLimit, 'per_user_limit', 'couponPerUserLimitInvalid'),
  };
  return { fields, unreadable };
}

export function useCouponForm(
  coupon: AdminCoupon | undefined,
  busy: boolean,
  onSubmit: (fields: CouponFields) => Promise<unknown>,
) {
  const { t } = useTranslation('admin-coupons');
  const [values, setValues] = useState<Values>(() => initialValues(coupon));
  const [errors, setErrors] = useState<Errors>({});
  const used = coupon?.used_count ?? 0;

  const set = (key: keyof Values, field: FieldName) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [field]: undefined, form: undefined }));
  };
  const setKind = (kind: CouponKind) => {
    setValues((v) => ({ ...v, kind }));
    setErrors((x) => ({ ...x, kind: undefined, value: undefined, form: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { fields, unreadable } = read(values);
    const draft: CouponDraft = {
      ...fields,
      min_spend_cents: fields.min_spend_cents ?? 0,
      starts_on: fields.starts_on ?? null,
      ends_on: fields.ends_on ?? null,
    };
    const found: Errors = {};
    // What could not be read is named first; the rules speak for the fields that could.
    for (const p of [...unreadable, ...couponDraftProblems(draft, used)]) {
      found[p.field] ??= t(`problems.${p.key}`, { used });
    }
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    try {
      await onSubmit(fields);
    } catch (err) {
      const at =
        err instanceof ApiError
          ? (Object.fromEntries(FIELDS.map((f) => [f, err.field(f)]).filter(([, m]) => m)) as Errors)
          : {};
      setErrors(Object.keys(at).length ? at : { form: errorText(err) ?? '' });
    }
  };

  return { values, errors, used, set, setKind, submit };
}
