import { contactFilterFormSchema, type ContactFilterForm } from '#domain/filters';
import { schemaRule } from '../../components/forms/schema-rule';

/** Every field is checked by the shared form schema, at its own path. */
export const rules = (...path: Array<string | number>) => [schemaRule<ContactFilterForm>(contactFilterFormSchema, (values) => values, path)];
export const EMPTY_CONDITION = { attribute: undefined, operator: undefined, value: undefined };
