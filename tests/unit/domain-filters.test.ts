import { describe, expect, it } from 'vitest';
import {
  contactFilterFormSchema,
  describeConditions,
  fieldErrors,
  FILTER_ATTRIBUTE_LABELS,
  FILTER_ATTRIBUTE_TYPE,
  FILTER_ATTRIBUTES,
  FILTER_OPERATORS,
  filterConditionSchema,
  filterMessages,
  isOperatorOf,
  newContactFilterSchema,
  OPERATOR_LABELS,
  operatorsFor,
  OPERATORS_BY_TYPE,
  SELECT_OPTIONS,
  toContactFilterPayload,
  type FilterAttribute,
  type FilterCondition,
  type FilterOperator,
} from '#domain';
import { contactMatchesFilter, type FilterableContact } from '../support/filter-evaluator';

/** Spec section 3, written out independently of the implementation. */
const SPEC_TYPES: Record<string, 'text' | 'date' | 'select'> = {
  firstName: 'text',
  lastName: 'text',
  email: 'text',
  phoneNumber: 'text',
  tags: 'text',
  birthDate: 'date',
  lastVisited: 'date',
  gender: 'select',
};
const SPEC_OPERATORS = {
  text: ['BEGINS_WITH', 'ENDS_WITH', 'CONTAINS', 'DOES_NOT_CONTAIN'],
  date: ['LESS_THAN', 'LESS_THAN_EQUALS', 'GREATER_THAN', 'GREATER_THAN_EQUALS'],
  select: ['EQUALS', 'NOT_EQUALS'],
};
const VALID_VALUE = { text: 'an', date: '1990-05-17', select: 'FEMALE' };

const errorsOf = (schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
};

describe('filter attributes and operators (spec section 3)', () => {
  it('has the spec attributes with their types and UI labels', () => {
    expect(FILTER_ATTRIBUTE_TYPE).toEqual(SPEC_TYPES);
    expect(FILTER_ATTRIBUTES.map((entry) => entry.attribute)).toEqual(Object.keys(SPEC_TYPES));
    expect(FILTER_ATTRIBUTE_LABELS).toEqual({
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      phoneNumber: 'Phone number',
      tags: 'Tags',
      birthDate: 'Birth date',
      lastVisited: 'Last visited',
      gender: 'Gender',
    });
  });

  it('offers the spec operators per type, with UI labels', () => {
    expect(OPERATORS_BY_TYPE).toEqual(SPEC_OPERATORS);
    expect(OPERATOR_LABELS).toEqual({
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
    });
    expect(operatorsFor('nickname')).toEqual([]);
    expect(operatorsFor('toString')).toEqual([]);
    expect(isOperatorOf('constructor', 'EQUALS')).toBe(false);
    expect(SELECT_OPTIONS.gender).toEqual([
      { value: 'MALE', label: 'Male' },
      { value: 'FEMALE', label: 'Female' },
      { value: 'NOT_SPECIFIED', label: 'Not specified' },
    ]);
  });

  const everyPair = Object.entries(SPEC_TYPES).flatMap(([attribute, type]) =>
    FILTER_OPERATORS.map((operator) => ({ attribute, type, operator, applies: SPEC_OPERATORS[type].includes(operator) })),
  );

  it.each(everyPair)('$attribute with $operator: applies = $applies', ({ attribute, type, operator, applies }) => {
    expect(operatorsFor(attribute).includes(operator)).toBe(applies);
    expect(isOperatorOf(attribute, operator)).toBe(applies);
    const errors = errorsOf(filterConditionSchema, { attribute, operator, value: VALID_VALUE[type] });
    expect(errors).toEqual(applies ? {} : { operator: 'Operator does not apply to this attribute' });
  });
});

describe('filter condition rules (spec section 5)', () => {
  it.each([
    ['attribute missing', { operator: 'CONTAINS', value: 'a' }, { attribute: 'Attribute is required' }],
    ['attribute empty', { attribute: '', operator: 'CONTAINS', value: 'a' }, { attribute: 'Attribute is required' }],
    [
      'attribute unknown',
      { attribute: 'nickname', operator: 'CONTAINS', value: 'a' },
      { attribute: 'Attribute must be one of: First name, Last name, Email, Phone number, Tags, Birth date, Last visited, Gender' },
    ],
    ['operator missing', { attribute: 'email', value: 'a' }, { operator: 'Operator is required' }],
    ['operator empty', { attribute: 'email', operator: '', value: 'a' }, { operator: 'Operator is required' }],
    ['operator unknown', { attribute: 'email', operator: 'LIKE', value: 'a' }, { operator: 'Operator does not apply to this attribute' }],
    ['value missing', { attribute: 'email', operator: 'CONTAINS' }, { value: 'Value is required' }],
    ['value blank', { attribute: 'email', operator: 'CONTAINS', value: '   ' }, { value: 'Value is required' }],
    ['value of 31 characters', { attribute: 'email', operator: 'CONTAINS', value: 'x'.repeat(31) }, { value: 'Value must not exceed 30 characters' }],
    ['date value not a date', { attribute: 'birthDate', operator: 'LESS_THAN', value: '17.05.1990' }, { value: 'Value must be a date between 1900 and 2100' }],
    ['date value not a day', { attribute: 'lastVisited', operator: 'GREATER_THAN', value: '2024-02-30' }, { value: 'Value must be a date between 1900 and 2100' }],
    [
      'gender value unknown',
      { attribute: 'gender', operator: 'EQUALS', value: 'Female' },
      { value: 'Value must be one of: Male, Female, Not specified' },
    ],
    [
      'every field wrong at once',
      { attribute: 'birthDate', operator: 'CONTAINS', value: 'soon' },
      { operator: 'Operator does not apply to this attribute', value: 'Value must be a date between 1900 and 2100' },
    ],
    ['nothing given', {}, { attribute: 'Attribute is required', operator: 'Operator is required', value: 'Value is required' }],
  ])('%s', (_title, condition, expected) => {
    expect(errorsOf(filterConditionSchema, condition)).toEqual(expected);
  });

  it('accepts 30 characters, trims the value, and accepts every gender', () => {
    expect(filterConditionSchema.parse({ attribute: 'tags', operator: 'CONTAINS', value: ' vip ' }).value).toBe('vip');
    expect(errorsOf(filterConditionSchema, { attribute: 'email', operator: 'CONTAINS', value: 'x'.repeat(30) })).toEqual({});
    for (const value of ['MALE', 'FEMALE', 'NOT_SPECIFIED']) {
      expect(errorsOf(filterConditionSchema, { attribute: 'gender', operator: 'NOT_EQUALS', value })).toEqual({});
    }
  });

  const condition = { attribute: 'firstName', operator: 'BEGINS_WITH', value: 'An' };

  it('the form needs a name of at most 100 characters and 1 to 10 conditions', () => {
    expect(errorsOf(contactFilterFormSchema, { conditions: [condition] })).toEqual({ filterName: 'Filter name is required' });
    expect(errorsOf(contactFilterFormSchema, { filterName: ' ', conditions: [condition] })).toEqual({ filterName: 'Filter name is required' });
    expect(errorsOf(contactFilterFormSchema, { filterName: 'x'.repeat(101), conditions: [condition] })).toEqual({
      filterName: 'Filter name must not exceed 100 characters',
    });
    expect(errorsOf(contactFilterFormSchema, { filterName: 'x'.repeat(100), conditions: Array(10).fill(condition) })).toEqual({});
    expect(errorsOf(contactFilterFormSchema, { filterName: 'VIPs' })).toEqual({ conditions: 'At least one condition is required' });
    expect(errorsOf(contactFilterFormSchema, { filterName: 'VIPs', conditions: [] })).toEqual({
      conditions: 'At least one condition is required',
    });
    expect(errorsOf(contactFilterFormSchema, { filterName: 'VIPs', conditions: Array(11).fill(condition) })).toEqual({
      conditions: 'At most 10 conditions are allowed',
    });
    expect(errorsOf(contactFilterFormSchema, { filterName: 'VIPs', conditions: [condition, { ...condition, value: '' }] })).toEqual({
      'conditions.1.value': 'Value is required',
    });
  });

  it('the request has the spec shape and the same messages', () => {
    const form = contactFilterFormSchema.parse({ filterName: ' VIPs ', conditions: [condition] });
    const payload = toContactFilterPayload(form, 7);
    expect(payload).toEqual({ contactFilter: { name: 'VIPs', businessId: 7 }, contactFilterItems: [condition] });
    expect(newContactFilterSchema.parse(payload)).toEqual(payload);
    expect(errorsOf(newContactFilterSchema, {})).toEqual({
      'contactFilter.name': 'Filter name is required',
      'contactFilter.businessId': 'Business is required',
      contactFilterItems: 'At least one condition is required',
    });
    expect(errorsOf(newContactFilterSchema, { ...payload, contactFilterItems: [{ ...condition, operator: 'EQUALS' }] })).toEqual({
      'contactFilterItems.0.operator': 'Operator does not apply to this attribute',
    });
  });
});

describe('contactMatchesFilter', () => {
  const anna: FilterableContact = {
    firstName: 'Anna',
    lastName: 'Schmidt',
    email: 'Anna.Schmidt@Example.com',
    phoneNumber: '4915112345678',
    tags: 'vip,newsletter',
    birthDate: '1988-04-12',
    // 23:30 UTC on 1 March: the day is 1 March wherever the test runs.
    lastVisited: '2026-03-01T23:30:00.000Z',
    gender: 'FEMALE',
  };
  const matches = (attribute: FilterAttribute, operator: FilterOperator, value: string, contact = anna) =>
    contactMatchesFilter(contact, [{ attribute, operator, value }]);

  it.each<[FilterAttribute, FilterOperator, string, boolean]>([
    ['firstName', 'BEGINS_WITH', 'an', true],
    ['firstName', 'BEGINS_WITH', 'ANN', true],
    ['firstName', 'BEGINS_WITH', 'nna', false],
    ['lastName', 'ENDS_WITH', 'MIDT', true],
    ['lastName', 'ENDS_WITH', 'schmid', false],
    ['email', 'CONTAINS', 'schmidt@example', true],
    ['email', 'CONTAINS', 'smith', false],
    ['email', 'DOES_NOT_CONTAIN', 'smith', true],
    ['email', 'DOES_NOT_CONTAIN', 'EXAMPLE', false],
    ['phoneNumber', 'BEGINS_WITH', '49', true],
    ['phoneNumber', 'ENDS_WITH', '678', true],
    ['phoneNumber', 'CONTAINS', '151', true],
    ['phoneNumber', 'DOES_NOT_CONTAIN', '151', false],
    ['tags', 'CONTAINS', 'VIP', true],
    ['tags', 'BEGINS_WITH', 'vip,news', true],
    ['tags', 'ENDS_WITH', 'letter', true],
    ['tags', 'DOES_NOT_CONTAIN', 'regular', true],
    ['firstName', 'CONTAINS', '%', false],
    ['firstName', 'CONTAINS', '_', false],
  ])('%s %s %s → %s', (attribute, operator, value, expected) => {
    expect(matches(attribute, operator, value)).toBe(expected);
  });

  it('takes % and _ literally', () => {
    const percent = { ...anna, firstName: '100%_Anna' };
    expect(matches('firstName', 'BEGINS_WITH', '100%_', percent)).toBe(true);
    expect(matches('firstName', 'BEGINS_WITH', '100%a', percent)).toBe(false);
    expect(matches('firstName', 'CONTAINS', '%_a', percent)).toBe(true);
  });

  it('compares text case-insensitively beyond ASCII', () => {
    expect(matches('lastName', 'BEGINS_WITH', 'müll', { ...anna, lastName: 'MÜLLER' })).toBe(true);
  });

  it('an empty tag list does not contain anything and contains no tag', () => {
    const untagged = { ...anna, tags: '' };
    expect(matches('tags', 'DOES_NOT_CONTAIN', 'vip', untagged)).toBe(true);
    expect(matches('tags', 'CONTAINS', 'vip', untagged)).toBe(false);
  });

  it.each<[FilterOperator, string, boolean]>([
    ['LESS_THAN', '1988-04-12', false],
    ['LESS_THAN', '1988-04-13', true],
    ['LESS_THAN_EQUALS', '1988-04-12', true],
    ['LESS_THAN_EQUALS', '1988-04-11', false],
    ['GREATER_THAN', '1988-04-12', false],
    ['GREATER_THAN', '1988-04-11', true],
    ['GREATER_THAN_EQUALS', '1988-04-12', true],
    ['GREATER_THAN_EQUALS', '1988-04-13', false],
  ])('birthDate %s %s → %s (calendar days)', (operator, value, expected) => {
    expect(matches('birthDate', operator, value)).toBe(expected);
  });

  it.each<[FilterOperator, string, boolean]>([
    ['LESS_THAN', '2026-03-01', false],
    ['LESS_THAN', '2026-03-02', true],
    ['LESS_THAN_EQUALS', '2026-03-01', true],
    ['GREATER_THAN', '2026-03-01', false],
    ['GREATER_THAN', '2026-02-28', true],
    ['GREATER_THAN_EQUALS', '2026-03-01', true],
    ['GREATER_THAN_EQUALS', '2026-03-02', false],
  ])('lastVisited %s %s → %s (the UTC day)', (operator, value, expected) => {
    expect(matches('lastVisited', operator, value)).toBe(expected);
  });

  it('a contact never checked in matches no lastVisited condition', () => {
    const never = { ...anna, lastVisited: null };
    for (const operator of SPEC_OPERATORS.date as FilterOperator[]) {
      expect(matches('lastVisited', operator, '2026-03-01', never)).toBe(false);
    }
  });

  it.each<[FilterOperator, string, boolean]>([
    ['EQUALS', 'FEMALE', true],
    ['EQUALS', 'MALE', false],
    ['NOT_EQUALS', 'FEMALE', false],
    ['NOT_EQUALS', 'NOT_SPECIFIED', true],
  ])('gender %s %s → %s', (operator, value, expected) => {
    expect(matches('gender', operator, value)).toBe(expected);
  });

  it('ANDs the conditions; no conditions match everyone', () => {
    const both: FilterCondition[] = [
      { attribute: 'firstName', operator: 'BEGINS_WITH', value: 'a' },
      { attribute: 'gender', operator: 'EQUALS', value: 'FEMALE' },
    ];
    expect(contactMatchesFilter(anna, both)).toBe(true);
    expect(contactMatchesFilter({ ...anna, gender: 'MALE' }, both)).toBe(false);
    expect(contactMatchesFilter({ ...anna, firstName: 'Berta' }, both)).toBe(false);
    expect(contactMatchesFilter(anna, [])).toBe(true);
  });

  it('refuses an operator of another type', () => {
    expect(() => matches('birthDate', 'CONTAINS', 'x')).toThrow(/does not apply/);
  });
});

describe('a filter in use', () => {
  it('names the campaigns using it, the first five and how many more', () => {
    expect(filterMessages.inUse(['Spring'])).toBe('This filter cannot be deleted: 1 campaign uses it (Spring). Delete that campaign first, or keep the filter.');
    const seven = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    expect(filterMessages.inUse(seven)).toBe('This filter cannot be deleted: 7 campaigns use it (A, B, C, D, E and 2 more). Delete those campaigns first, or keep the filter.');
  });
});

describe("a filter's conditions in words", () => {
  it('writes each condition as the Filters screen lists it: labels, lower-case operators, quoted text, DD.MM.YYYY dates, gender labels', () => {
    expect(
      describeConditions([
        { attribute: 'tags', operator: 'DOES_NOT_CONTAIN', value: 'vip' },
        { attribute: 'lastVisited', operator: 'GREATER_THAN_EQUALS', value: '2026-03-01' },
        { attribute: 'gender', operator: 'NOT_EQUALS', value: 'MALE' },
      ]),
    ).toBe('Tags does not contain “vip” and Last visited on or after 01.03.2026 and Gender is not Male');
  });
});
