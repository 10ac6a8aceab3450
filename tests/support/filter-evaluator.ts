import { FILTER_ATTRIBUTE_TYPE, type Contact, type FilterAttribute, type FilterCondition } from '#domain';

/**
 * A reference evaluator of contact filters, written independently of the server's SQL so the tests
 * can check the SQL against it on random filters. Not used by the app.
 */

/** The fields a filter can look at. */
export type FilterableContact = Pick<Contact, FilterAttribute>;

/** The calendar day (UTC) of an ISO instant: lastVisited is compared by day, as the server does. */
const utcDay = (instant: string) => new Date(instant).toISOString().slice(0, 10);

function conditionHolds(contact: FilterableContact, { attribute, operator, value }: FilterCondition): boolean {
  switch (FILTER_ATTRIBUTE_TYPE[attribute]) {
    case 'text': {
      const text = String(contact[attribute] ?? '').toLowerCase();
      const needle = value.toLowerCase();
      if (operator === 'BEGINS_WITH') return text.startsWith(needle);
      if (operator === 'ENDS_WITH') return text.endsWith(needle);
      if (operator === 'CONTAINS') return text.includes(needle);
      if (operator === 'DOES_NOT_CONTAIN') return !text.includes(needle);
      break;
    }
    case 'date': {
      const stored = contact[attribute];
      // A contact never checked in has no last visit: no date condition on it holds.
      if (stored === null || stored === undefined || stored === '') return false;
      const day = attribute === 'lastVisited' ? utcDay(stored) : stored.slice(0, 10);
      if (operator === 'LESS_THAN') return day < value;
      if (operator === 'LESS_THAN_EQUALS') return day <= value;
      if (operator === 'GREATER_THAN') return day > value;
      if (operator === 'GREATER_THAN_EQUALS') return day >= value;
      break;
    }
    case 'select': {
      if (operator === 'EQUALS') return contact[attribute] === value;
      if (operator === 'NOT_EQUALS') return contact[attribute] !== value;
      break;
    }
  }
  throw new Error(`Operator ${operator} does not apply to ${attribute}`);
}

/**
 * Whether a contact matches every condition (they are ANDed), with the server's SQL semantics:
 * text is compared case-insensitively as a plain substring (tags as their comma-joined string),
 * dates by calendar day (lastVisited by its UTC day), gender exactly. No conditions: every contact.
 */
export function contactMatchesFilter(contact: FilterableContact, conditions: readonly FilterCondition[]): boolean {
  return conditions.every((condition) => conditionHolds(contact, condition));
}
