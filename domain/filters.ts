import * as z from 'zod/mini';
import { businessIdRule, GENDER_LABELS, GENDERS, type Gender } from './contacts';
import { limits } from './messages';
import { DATE_YEARS, isIsoDate, maxMessage, requiredText } from './rules';
import { counted } from './words';

/** Contact filters (spec sections 3, 5 and 7): attributes, operators, the form's rules and their meaning. */

export const FILTER_ATTRIBUTE_TYPES = ['text', 'date', 'select'] as const;
export type FilterAttributeType = (typeof FILTER_ATTRIBUTE_TYPES)[number];

export const FILTER_ATTRIBUTES = [
  { attribute: 'firstName', label: 'First name', type: 'text' },
  { attribute: 'lastName', label: 'Last name', type: 'text' },
  { attribute: 'email', label: 'Email', type: 'text' },
  { attribute: 'phoneNumber', label: 'Phone number', type: 'text' },
  { attribute: 'tags', label: 'Tags', type: 'text' },
  { attribute: 'birthDate', label: 'Birth date', type: 'date' },
  { attribute: 'lastVisited', label: 'Last visited', type: 'date' },
  { attribute: 'gender', label: 'Gender', type: 'select' },
] as const satisfies ReadonlyArray<{ attribute: string; label: string; type: FilterAttributeType }>;
export type FilterAttribute = (typeof FILTER_ATTRIBUTES)[number]['attribute'];

export const FILTER_ATTRIBUTE_KEYS = FILTER_ATTRIBUTES.map((entry) => entry.attribute) as [FilterAttribute, ...FilterAttribute[]];
export const FILTER_ATTRIBUTE_LABELS = Object.fromEntries(
  FILTER_ATTRIBUTES.map((entry) => [entry.attribute, entry.label]),
) as Record<FilterAttribute, string>;
export const FILTER_ATTRIBUTE_TYPE = Object.fromEntries(
  FILTER_ATTRIBUTES.map((entry) => [entry.attribute, entry.type]),
) as Record<FilterAttribute, FilterAttributeType>;

export const OPERATORS_BY_TYPE = {
  text: ['BEGINS_WITH', 'ENDS_WITH', 'CONTAINS', 'DOES_NOT_CONTAIN'],
  date: ['LESS_THAN', 'LESS_THAN_EQUALS', 'GREATER_THAN', 'GREATER_THAN_EQUALS'],
  select: ['EQUALS', 'NOT_EQUALS'],
} as const satisfies Record<FilterAttributeType, readonly string[]>;
export type FilterOperator = (typeof OPERATORS_BY_TYPE)[FilterAttributeType][number];

export const FILTER_OPERATORS = Object.values(OPERATORS_BY_TYPE).flat() as [FilterOperator, ...FilterOperator[]];
export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  BEGINS_WITH: 'Begins with',
  ENDS_WITH: 'Ends with',
  CONTAINS: 'Contains',
  DOES_NOT_CONTAIN: 'Does not contain',
  LESS_THAN: 'Before',
  LESS_THAN_EQUALS: 'On or before',
  GREATER_THAN: 'After',
  GREATER_THAN_EQUALS: 'On or after',
  EQUALS: 'Is',
  NOT_EQUALS: 'Is not',
};

/** The operators the attribute's type offers; none for an unknown attribute. */
export const isFilterAttribute = (attribute: string): attribute is FilterAttribute =>
  Object.hasOwn(FILTER_ATTRIBUTE_TYPE, attribute);

export function operatorsFor(attribute: string): readonly FilterOperator[] {
  return isFilterAttribute(attribute) ? OPERATORS_BY_TYPE[FILTER_ATTRIBUTE_TYPE[attribute]] : [];
}

export const isOperatorOf = (attribute: string, operator: string) =>
  (operatorsFor(attribute) as readonly string[]).includes(operator);

/** The values a 'select' attribute offers (gender is the only one). */
export const SELECT_OPTIONS: Record<'gender', ReadonlyArray<{ value: Gender; label: string }>> = {
  gender: GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] })),
};

const NAMES_SHOWN = 5;
/** "A, B, C, D, E and 3 more": a message names a few, not a hundred. */
const namedSome = (names: readonly string[]) =>
  names.length <= NAMES_SHOWN ? names.join(', ') : `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;

export const filterMessages = {
  filterNameRequired: 'Filter name is required',
  filterNameMax: maxMessage('Filter name', limits.filterNameMax),
  conditionsRequired: 'At least one condition is required',
  conditionsMax: `At most ${limits.filterConditionsMax} conditions are allowed`,
  attributeRequired: 'Attribute is required',
  attributeInvalid: `Attribute must be one of: ${FILTER_ATTRIBUTES.map((entry) => entry.label).join(', ')}`,
  operatorRequired: 'Operator is required',
  operatorInvalid: 'Operator does not apply to this attribute',
  valueRequired: 'Value is required',
  valueMax: maxMessage('Value', limits.filterConditionTextMax),
  valueDate: `Value must be a date between ${DATE_YEARS.min} and ${DATE_YEARS.max}`,
  valueGender: `Value must be one of: ${GENDERS.map((gender) => GENDER_LABELS[gender]).join(', ')}`,
  duplicateName: 'A filter with this name already exists.',
  notFound: 'Contact filter not found.',
  /** Deleting a filter campaigns were sent or will be sent to: they keep it for their recipients. */
  inUse: (campaignNames: readonly string[]) =>
    `This filter cannot be deleted: ${counted(campaignNames.length, 'campaign')} ${campaignNames.length === 1 ? 'uses' : 'use'} it (${namedSome(campaignNames)}). Delete ${campaignNames.length === 1 ? 'that campaign' : 'those campaigns'} first, or keep the filter.`,
} as const;

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** One condition: attribute, operator and value, each required and at most 30 characters (spec section 5). */
export const filterConditionSchema = z
  .object({
    attribute: z.enum(FILTER_ATTRIBUTE_KEYS, {
      error: (issue) => (isMissing(issue.input) ? filterMessages.attributeRequired : filterMessages.attributeInvalid),
    }),
    operator: z.enum(FILTER_OPERATORS, {
      error: (issue) => (isMissing(issue.input) ? filterMessages.operatorRequired : filterMessages.operatorInvalid),
    }),
    value: requiredText('Value', filterMessages.valueRequired, limits.filterConditionTextMax),
  })
  .check(
    z.superRefine(
      (condition, ctx) => {
        const { attribute, operator, value } = condition as Partial<Record<'attribute' | 'operator' | 'value', unknown>>;
        if (typeof attribute !== 'string' || !isFilterAttribute(attribute)) return;
        if (typeof operator === 'string' && operator && !isOperatorOf(attribute, operator)) {
          ctx.issues.push({ code: 'custom', message: filterMessages.operatorInvalid, path: ['operator'], input: operator });
        }
        if (typeof value !== 'string' || !value) return;
        const type = FILTER_ATTRIBUTE_TYPE[attribute];
        if (type === 'date' && !isIsoDate(value)) {
          ctx.issues.push({ code: 'custom', message: filterMessages.valueDate, path: ['value'], input: value });
        }
        if (type === 'select' && !(GENDERS as readonly string[]).includes(value)) {
          ctx.issues.push({ code: 'custom', message: filterMessages.valueGender, path: ['value'], input: value });
        }
      },
      // Also when another field failed: the form shows every problem of a condition at once.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );
export type FilterCondition = z.infer<typeof filterConditionSchema>;

export const filterConditionsRule = z
  .array(filterConditionSchema, { error: filterMessages.conditionsRequired })
  .check(
    z.minLength(1, filterMessages.conditionsRequired),
    z.maxLength(limits.filterConditionsMax, filterMessages.conditionsMax),
  );

export const filterNameRule = requiredText('Filter name', filterMessages.filterNameRequired, limits.filterNameMax);

/** The filter dialog's form. */
export const contactFilterFormSchema = z.object({
  filterName: filterNameRule,
  conditions: filterConditionsRule,
});
export type ContactFilterForm = z.infer<typeof contactFilterFormSchema>;

/** POST /contact-filter/create-contact-filter-with-items (spec section 7). */
export const newContactFilterSchema = z.object({
  // A missing contactFilter reports its name and business as missing.
  contactFilter: z.prefault(
    z.object({ name: filterNameRule, businessId: businessIdRule }),
    () => ({}) as { name: string; businessId: number },
  ),
  contactFilterItems: filterConditionsRule,
});
export type NewContactFilterPayload = {
  contactFilter: { name: string; businessId: number };
  contactFilterItems: FilterCondition[];
};

/** PUT /contact-filter/update-contact-filter/{id} (beyond the spec): a new name and conditions, shaped as the create call's. */
export const updateContactFilterSchema = z.object({
  contactFilter: z.prefault(z.object({ name: filterNameRule }), () => ({}) as { name: string }),
  contactFilterItems: filterConditionsRule,
});
export type UpdateContactFilterPayload = z.infer<typeof updateContactFilterSchema>;

export const toContactFilterPayload = (form: ContactFilterForm, businessId: number): NewContactFilterPayload => ({
  contactFilter: { name: form.filterName, businessId },
  contactFilterItems: form.conditions,
});

/** A saved filter as the API answers it; items keep the order they were given in. */
export const contactFilterSchema = z.object({
  id: z.int(),
  name: z.string(),
  businessId: z.int(),
  items: z.array(z.object({ attribute: z.enum(FILTER_ATTRIBUTE_KEYS), operator: z.enum(FILTER_OPERATORS), value: z.string() })),
});
export type ContactFilter = z.infer<typeof contactFilterSchema>;

const conditionValueText = ({ attribute, value }: FilterCondition) =>
  FILTER_ATTRIBUTE_TYPE[attribute] === 'date'
    ? value.split('-').reverse().join('.')
    : FILTER_ATTRIBUTE_TYPE[attribute] === 'select'
      ? (GENDER_LABELS[value as Gender] ?? value)
      : `“${value}”`;

/** A filter's conditions in words, as the Filters screen lists them: "Tags contains “vip” and Birth date before 01.01.1990". */
export const describeConditions = (items: readonly FilterCondition[]) =>
  items
    .map((item) => `${FILTER_ATTRIBUTE_LABELS[item.attribute]} ${OPERATOR_LABELS[item.operator].toLowerCase()} ${conditionValueText(item)}`)
    .join(' and ');

/** GET /contact-filter/get-contact-filter-counts/{businessId}: each filter's matching contacts now, and the campaigns that use it. */
export const contactFilterCountSchema = z.object({ id: z.int(), count: z.int(), campaigns: z.int() });
export type ContactFilterCount = z.infer<typeof contactFilterCountSchema>;

/** POST /contact-filter/count-matching-contacts: a saved filter, or conditions not saved yet. */
export type CountMatchingContactsPayload = (
  | { businessId: number; contactFilterId: number }
  | { businessId: number; contactFilterItems: FilterCondition[] }
) & {
  /** Only the recipients a campaign of this type would have: ACTIVE, with a usable address, each address once. */
  type?: 'SMS' | 'EMAIL';
};
